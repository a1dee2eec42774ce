import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Spinner } from './spinner';

interface QueryViewProps<T> {
  query: UseQueryResult<T, Error>;
  /** When it says the data holds nothing, `empty` is shown instead of the children. */
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  children: (data: T) => ReactNode;
}

/** The one way a page shows server data: a spinner while loading, the error's message, the empty text, or the data. */
export function QueryView<T>({ query, isEmpty, empty, children }: QueryViewProps<T>) {
  if (query.isPending) return <Spinner />;
  if (query.isError) {
    return (
      <p className="form__error" role="alert">
        {query.error.message}
      </p>
    );
  }
  if (isEmpty?.(query.data)) return <>{empty}</>;
  return <>{children(query.data)}</>;
}
