import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False on the server and during hydration, true afterwards (and at once in a page the browser
 * draws itself). What depends on the visitor (signed in or not) waits for it, so the first render
 * matches the HTML the server sent to everyone.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
