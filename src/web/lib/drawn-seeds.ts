import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { DrawnSeeds } from '../../shared/rendered-page';

const seedKey = (name: keyof DrawnSeeds) => ['drawn-seed', name] as const;

/** The server's drawing puts its seeds in the page's query cache, so the browser's hydration reads the same. */
export function seedDrawing(client: QueryClient, seeds: DrawnSeeds): void {
  for (const [name, value] of Object.entries(seeds)) if (value !== undefined) client.setQueryData(seedKey(name as keyof DrawnSeeds), value);
}

/**
 * A seed of the page the server drew (`DrawnSeeds`), read once by the one part that shows it and
 * then dropped, so the same page opened again in the browser starts afresh. Undefined on a page
 * the browser drew.
 */
export function useDrawnSeed<K extends keyof DrawnSeeds>(name: K): DrawnSeeds[K] {
  const client = useQueryClient();
  const [value] = useState(() => client.getQueryData<DrawnSeeds[K]>(seedKey(name)));
  useEffect(() => {
    client.removeQueries({ queryKey: seedKey(name), exact: true });
  }, [client, name]);
  return value;
}
