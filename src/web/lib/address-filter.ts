import { useSearchParams } from 'react-router';

/** The page asked for in the address: 1 when it is missing or not a page number. */
export function pageParam(params: URLSearchParams): number {
  return Math.max(1, Number(params.get('page')) || 1);
}

/**
 * A list's filter and page kept in the address, so a filtered list can be bookmarked and survives
 * the Back from a row's own page. `read` takes them from the address (checking each value); `apply`
 * changes some and goes back to the first page unless a page is given. Empty values and page 1 are
 * left out of the address.
 */
export function useAddressFilter<F extends { page?: number }>(read: (params: URLSearchParams) => F) {
  const [params, setParams] = useSearchParams();
  const filter = read(params);
  const apply = (change: Partial<F>) => {
    const next: Record<string, unknown> = { ...filter, page: 1, ...change };
    setParams(
      Object.fromEntries(
        Object.entries(next)
          .filter(([key, value]) => value !== '' && value !== undefined && !(key === 'page' && value === 1))
          .map(([key, value]) => [key, String(value as string | number)]),
      ),
    );
  };
  return { filter, apply, params };
}
