/**
 * Sections of the dashboard that other features fill in: the forms cards (forms feature) and the
 * advert section (ads feature). Each keeps its anchor id so the sidebar links already work.
 */
export function ProfileFormsSlot() {
  return (
    <section id="forms" className="dashboard__section" aria-labelledby="forms-title">
      <h2 id="forms-title" className="section-title">
        Forms
      </h2>
      <p className="muted">Membership and service forms will appear here.</p>
    </section>
  );
}

/** Only members with a status see advertising (SPEC.md section 6). */
export function ProfileAdvertSlot({ status }: { status: boolean }) {
  if (!status) return null;
  return (
    <section id="advert" className="dashboard__section" aria-labelledby="advert-title">
      <h2 id="advert-title" className="section-title">
        Advertisements
      </h2>
      <p className="muted">Your advert will appear here.</p>
    </section>
  );
}
