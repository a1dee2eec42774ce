/**
 * What a page shows when its data or its code cannot be had because the phone is offline:
 * in place of the whole page (`wholePage`, the page's heading) or of one part of it.
 */
export function OfflineNotice({ onRetry, wholePage = false }: { onRetry: () => void; wholePage?: boolean }) {
  const Heading = wholePage ? 'h1' : 'h2';
  return (
    <div className="error-page" role="status">
      <Heading>You are offline</Heading>
      <p>This page needs a connection. Check your mobile data or Wi-Fi; it opens when you are back online.</p>
      <button type="button" className="button button--primary" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
