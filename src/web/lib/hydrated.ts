import { createContext, createElement, type ReactNode, startTransition, useContext, useEffect, useState } from 'react';

const Hydrated = createContext(false);

/**
 * Says whether React has taken the page over. `drawn`: the page arrived drawn by the server, so the
 * first render must match that HTML (false until the take-over is done); a page the browser draws
 * itself is taken over from the start.
 */
export function HydratedProvider({ drawn, children }: { drawn: boolean; children: ReactNode }) {
  const [hydrated, setHydrated] = useState(!drawn);
  useEffect(() => {
    // A transition: what waits for it (the forms, who is signed in) is drawn again in slices a slow
    // phone can interleave with taps, not in one long task as a store update would be.
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  return createElement(Hydrated.Provider, { value: hydrated }, children);
}

/**
 * False on the server and during hydration, true afterwards (and at once in a page the browser
 * draws itself). What depends on the visitor (signed in or not) waits for it, so the first render
 * matches the HTML the server sent to everyone.
 */
export function useHydrated(): boolean {
  return useContext(Hydrated);
}
