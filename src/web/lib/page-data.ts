import { type DehydratedState, hydrate, type QueryClient } from '@tanstack/react-query';
import { PAGE_DATA_ID } from '../../shared/rendered-page';
import { ApiError } from './api';

interface ServerError {
  status: number;
  message: string;
}

/** A failed call as it travels in the page's JSON (an Error's message would not survive it). */
export function serverErrorOf(error: unknown): ServerError {
  return { status: error instanceof ApiError ? error.status : 0, message: error instanceof Error ? error.message : String(error) };
}

/**
 * Takes over the data a page drawn on the server was drawn with, so hydration draws the same
 * thing: 'visitor' for a public page, 'member' for a member page drawn for its member; false when
 * the page came as the plain shell, to be drawn here.
 */
export function adoptServerData(client: QueryClient): 'visitor' | 'member' | false {
  const script = document.getElementById(PAGE_DATA_ID);
  if (!script?.textContent) return false;
  const state = JSON.parse(script.textContent) as DehydratedState;
  for (const query of state.queries) {
    const error = query.state.error as ServerError | null;
    if (error) query.state.error = new ApiError(error.status, error.message);
  }
  hydrate(client, state);
  return script.hasAttribute('data-signed-in') ? 'member' : 'visitor';
}
