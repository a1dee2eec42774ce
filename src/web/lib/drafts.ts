/*
 * Drafts: what a member typed into a long form, kept on the device (localStorage) so a reload, a
 * crash or a lost tab gives it back. Chosen files are not kept (only their bytes could be, and a
 * phone's storage is small): the page asks for them again. Each draft is under the member's id,
 * so another member signing in on a shared phone never sees it, and sign-out removes them all
 * (session.ts). The hooks that fill and save forms are in form-draft.ts.
 */

const PREFIX = 'draft:';

const storageKey = (userId: string, name: string) => `${PREFIX}${userId}:${name}`;

export function readDraft<V>(userId: string, name: string): V | null {
  try {
    const raw = localStorage.getItem(storageKey(userId, name));
    return raw ? (JSON.parse(raw) as V) : null;
  } catch {
    return null;
  }
}

export function writeDraft(userId: string, name: string, value: unknown): void {
  try {
    localStorage.setItem(storageKey(userId, name), JSON.stringify(value));
  } catch {
    // Private mode or a full quota: the form still works, without a draft.
  }
}

export function removeDraft(userId: string, name: string): void {
  try {
    localStorage.removeItem(storageKey(userId, name));
  } catch {
    // As above.
  }
}

/** Removes every draft of a member: at sign-out and when the account is terminated. */
export function clearDraftsOf(userId: string): void {
  try {
    const mine = `${PREFIX}${userId}:`;
    const keys = Array.from({ length: localStorage.length }, (_, index) => localStorage.key(index)).filter((key) => key?.startsWith(mine));
    for (const key of keys) localStorage.removeItem(key!);
  } catch {
    // As above.
  }
}
