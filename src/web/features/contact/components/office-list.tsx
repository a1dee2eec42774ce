import { useState } from 'react';
import { useSite } from '../../../lib/site';
import { useHydrated } from '../../../lib/hydrated';

/** The company's offices, each address behind a button; nothing at all when staff have not entered any. */
export function OfficeList() {
  const { data: site, isPending, isError } = useSite();
  const [openState, setOpenState] = useState<string | null>(null);
  const hydrated = useHydrated();

  if (isPending) return null;
  if (isError) return <p>Our office addresses could not be loaded. Please try again later.</p>;
  if (site.offices.length === 0) return null;

  return (
    <section aria-labelledby="offices-title">
      <h2 id="offices-title" className="section-title">
        Our offices
      </h2>
      <ul className="offices">
        {site.offices.map((office) => {
          const open = openState === office.state;
          const id = `office-${office.state.toLowerCase().replace(/\W+/g, '-')}`;
          return (
            <li key={office.state} className="office">
              <h3 className="office__state">{office.state} office</h3>
              <button
                type="button"
                className="button button--ghost"
                aria-expanded={open}
                aria-controls={id}
                disabled={!hydrated}
                onClick={() => setOpenState(open ? null : office.state)}
              >
                {open ? 'View Less' : 'View Location'}
              </button>
              <address id={id} className="office__address" hidden={!open}>
                {office.address}
              </address>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
