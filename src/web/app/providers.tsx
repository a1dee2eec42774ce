import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { FlashProvider } from '../components/flash-context';
import { queryClient } from '../lib/query-client';
import { HydratedProvider } from '../lib/hydrated';
import { DrawnForMember } from '../lib/session';

/**
 * `client`: the server draws each page with a query client of its own. `drawn`: the page is (or
 * arrived) drawn by the server (lib/hydrated.ts). `forMember`: a member page drawn for its member
 * (lib/session.ts).
 */
export function Providers({
  children,
  client = queryClient,
  drawn,
  forMember = false,
}: {
  children: ReactNode;
  client?: QueryClient;
  drawn: boolean;
  forMember?: boolean;
}) {
  return (
    <QueryClientProvider client={client}>
      <HydratedProvider drawn={drawn}>
        <DrawnForMember.Provider value={forMember}>
          <FlashProvider>{children}</FlashProvider>
        </DrawnForMember.Provider>
      </HydratedProvider>
    </QueryClientProvider>
  );
}
