import type { SiteSettings } from '../../shared/site';

/** The company's email and phone as links, each only when it is set. */
export function CompanyContacts({ site, separator = null }: { site: Pick<SiteSettings, 'email' | 'phone'>; separator?: string | null }) {
  return (
    <>
      {site.email && <a href={`mailto:${site.email}`}>{site.email}</a>}
      {site.email && site.phone && separator}
      {site.phone && <a href={`tel:${site.phone.replace(/[^\d+]/g, '')}`}>{site.phone}</a>}
    </>
  );
}
