import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { FlashProvider } from '../components/flash-context';
import { queryClient } from '../lib/query-client';

/** `client`: the server draws each page with a query client of its own. */
export function Providers({ children, client = queryClient }: { children: ReactNode; client?: QueryClient }) {
  return (
    <QueryClientProvider client={client}>
      <FlashProvider>{children}</FlashProvider>
    </QueryClientProvider>
  );
}
