import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { createContext, useContext } from 'react';
import { SIGNED_IN_COPY_KEY } from '../../shared/rendered-page';
import type { User } from '../../shared/schemas/users';
import { api, ApiError } from './api';
import { clearDraftsOf } from './drafts';
import { useHydrated } from './hydrated';

export const sessionKey = ['session'] as const;

/** The copy in localStorage the spec asks for; only a first guess, the server answer replaces it. */
export function readStoredUser(): User | null {
  try {
    const raw = localStorage.getItem(SIGNED_IN_COPY_KEY);
    return raw ? (JSON.parse(raw) as User) : null;
  } catch {
    return null;
  }
}

function storeUser(user: User | null): void {
  try {
    if (user) localStorage.setItem(SIGNED_IN_COPY_KEY, JSON.stringify(user));
    else localStorage.removeItem(SIGNED_IN_COPY_KEY);
  } catch {
    // Private mode or a full quota: the server session still works.
  }
}

async function fetchSession(): Promise<User | null> {
  try {
    const { user } = await api.get<{ user: User }>('/api/users/profile');
    storeUser(user);
    return user;
  } catch (error) {
    // A failed fetch clears the user, whatever the reason.
    storeUser(null);
    if (error instanceof ApiError) return null;
    throw error;
  }
}

/** The answer asked for by `askWhoIsSignedIn`, until the session query's first read takes it. */
let askedEarly: Promise<User | null> | undefined;

/**
 * Asks the server who is signed in while the page's code is still starting, without telling the
 * page yet: the session query's first read takes this answer. On a page the server drew, an answer
 * put in the query cache while React is taking the page over makes React finish the whole page at
 * once (a store update is never a transition): one long task of 150 ms on a slow phone's landing.
 */
export function askWhoIsSignedIn(): void {
  askedEarly = fetchSession();
  // Read (and its failure seen) by the query's first read.
  askedEarly.catch(() => undefined);
}

export const sessionQuery = queryOptions({
  queryKey: sessionKey,
  queryFn: () => {
    const answer = askedEarly ?? fetchSession();
    askedEarly = undefined;
    return answer;
  },
  staleTime: 5 * 60_000,
});

/**
 * True while drawing, or hydrating, a member page the server drew for the signed-in member
 * (`shared/member-pages.ts`): who is signed in is then part of the page's data, the same on both
 * sides.
 */
export const DrawnForMember = createContext(false);

/**
 * The signed-in member, or null. `isLoading` stays true until the server has answered once. Public
 * pages rendered on the server are the same for everyone: there, and until hydration is over,
 * nobody is signed in yet (and the server never asks who is). A member page drawn for its member
 * knows the member from the start (`DrawnForMember`).
 */
export function useSession() {
  const hydrated = useHydrated();
  const known = useContext(DrawnForMember) || hydrated;
  const query = useQuery({ ...sessionQuery, placeholderData: readStoredUser, enabled: known });
  if (!known) return { user: null, isLoading: true };
  return {
    user: query.data ?? null,
    isLoading: query.isPending || query.isPlaceholderData,
  };
}

/** The member now signed in, or null after sign-out or termination, which also removes the member's drafts from the device. */
export function setSessionUser(client: QueryClient, user: User | null): void {
  const previous = client.getQueryData<User | null>(sessionKey);
  if (!user && previous) clearDraftsOf(previous.id);
  storeUser(user);
  // A profile fetch started before this sign-in or sign-out would otherwise land afterwards
  // and overwrite the answer with the old state.
  askedEarly = undefined;
  void client.cancelQueries({ queryKey: sessionKey });
  client.setQueryData(sessionKey, user);
}
