import type { ReactNode } from 'react';
import { AD_IMAGE_SIZE } from '../../../../shared/ad-image';

/**
 * An advert as a card, the same for the member on their dashboard and for staff in the Ads queue:
 * its banner at the strip's proportions, then what each side says about it.
 */
export function AdCard({
  as: Tag = 'article',
  label,
  image,
  children,
  actions,
}: {
  as?: 'article' | 'li';
  label: string;
  image: ReactNode;
  children: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <Tag className="card ad-card" aria-label={label}>
      {image}
      <div className="ad-card__body">{children}</div>
      {actions}
    </Tag>
  );
}

/** The banner as the homepage strip shows it. */
export function AdImage({ url, altText, lazy = false }: { url: string; altText: string; lazy?: boolean }) {
  return (
    <img className="ad-card__image" src={url} alt={altText} width={AD_IMAGE_SIZE.width} height={AD_IMAGE_SIZE.height} loading={lazy ? 'lazy' : undefined} />
  );
}

/** The facts of an ad, label and value; `facts` are the lines between the link and the clicks. */
export function AdFacts({
  ad,
  before,
  facts,
}: {
  ad: { linkUrl: string | null; altText: string | null; clicks: number };
  before?: ReactNode;
  facts?: ReactNode;
}) {
  return (
    <dl className="ad-card__facts">
      {before}
      <dt>Link</dt>
      <dd>
        {ad.linkUrl ? (
          <a href={ad.linkUrl} target="_blank" rel="noopener noreferrer nofollow">
            {ad.linkUrl}
          </a>
        ) : (
          '—'
        )}
      </dd>
      <dt>Alt text</dt>
      <dd>{ad.altText ?? '—'}</dd>
      {facts}
      <dt>Clicks</dt>
      <dd data-testid="ad-clicks">
        {ad.clicks} {ad.clicks === 1 ? 'click' : 'clicks'}
      </dd>
    </dl>
  );
}
