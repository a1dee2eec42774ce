import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { FlashProvider } from '../components/flash-context';
import { queryClient } from '../lib/query-client';

export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <FlashProvider>{children}</FlashProvider>
    </QueryClientProvider>
  );
}
