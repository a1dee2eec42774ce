import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { FlashProvider } from '../components/flash-context';
import { queryClient } from '../lib/query-client';
import { DrawnForMember } from '../lib/session';

/** `client`: the server draws each page with a query client of its own. `forMember`: a member page drawn for its member (lib/session.ts). */
export function Providers({ children, client = queryClient, forMember = false }: { children: ReactNode; client?: QueryClient; forMember?: boolean }) {
  return (
    <QueryClientProvider client={client}>
      <DrawnForMember.Provider value={forMember}>
        <FlashProvider>{children}</FlashProvider>
      </DrawnForMember.Provider>
    </QueryClientProvider>
  );
}
