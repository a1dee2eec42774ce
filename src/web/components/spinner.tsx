export function Spinner({ label = 'Loading...' }: { label?: string }) {
  return (
    <div className="spinner" role="status" aria-live="polite">
      <span className="spinner__wheel" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}

/** A small spinner inside a busy button. */
export function ButtonSpinner() {
  return <span className="spinner__wheel spinner__wheel--small" aria-hidden="true" />;
}
