import { QueryClient } from '@tanstack/react-query';

export const queryClient = new QueryClient({
  defaultOptions: {
    // Members are mostly on mobile data: do not refetch on every tab switch.
    queries: { refetchOnWindowFocus: false, retry: false, staleTime: 60_000 },
    mutations: { retry: false },
  },
});
