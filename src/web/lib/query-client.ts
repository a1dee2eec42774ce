import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api';

/** A read that failed on the way (no connection, a gateway, a busy server) is asked again, at most this often. */
const READ_RETRIES = 3;

export const queryClient = new QueryClient({
  defaultOptions: {
    // Members are mostly on mobile data: do not refetch on every tab switch.
    queries: {
      refetchOnWindowFocus: false,
      retry: (failures, error) => error instanceof ApiError && error.transient && failures < READ_RETRIES,
      staleTime: 60_000,
    },
    // Submissions retry through lib/submission.ts, with the key that makes a retry safe.
    mutations: { retry: false },
  },
});
