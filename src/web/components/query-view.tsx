import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ApiError } from '../lib/api';
import { OfflineNotice } from './offline-notice';
import { Spinner } from './spinner';

interface QueryViewProps<T> {
  query: UseQueryResult<T, Error>;
  /** When it says the data holds nothing, `empty` is shown instead of the children. */
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  children: (data: T) => ReactNode;
}

/** Nothing to show because the phone is offline: TanStack Query waits for the connection, or the request found none. */
function cannotBeHadOffline(query: UseQueryResult<unknown, Error>): boolean {
  if (query.isPending && query.fetchStatus === 'paused') return true;
  return query.isError && query.error instanceof ApiError && query.error.status === 0 && !navigator.onLine;
}

/**
 * The one way a page shows server data: a spinner while loading, the offline notice when the
 * data cannot be had offline (API answers are never kept by the service worker), the error's
 * message, the empty text, or the data.
 */
export function QueryView<T>({ query, isEmpty, empty, children }: QueryViewProps<T>) {
  if (cannotBeHadOffline(query)) return <OfflineNotice onRetry={() => void query.refetch()} />;
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
