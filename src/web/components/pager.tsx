import { useHydrated } from '../lib/hydrated';

interface PagerProps {
  page: number;
  pages: number;
  onGo: (page: number) => void;
}

/** Previous / Page N of M / Next under a paged list; nothing when there is one page. */
export function Pager({ page, pages, onGo }: PagerProps) {
  const hydrated = useHydrated();
  if (pages <= 1) return null;
  return (
    <nav className="pager" aria-label="Pages">
      <button type="button" className="button button--ghost" disabled={!hydrated || page <= 1} onClick={() => onGo(page - 1)}>
        Previous
      </button>
      <span>
        Page {page} of {pages}
      </span>
      <button type="button" className="button button--ghost" disabled={!hydrated || page >= pages} onClick={() => onGo(page + 1)}>
        Next
      </button>
    </nav>
  );
}
