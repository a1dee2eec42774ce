import { MEMBER_DATA_ID } from '../../shared/member-pages';

/** A member page's first answers are for its first drawing only: a read this long after the page began goes to the server. */
const FRESH_FOR_MS = 30_000;

let answers: Map<string, unknown> | undefined;

/**
 * The answer the server sent inside a member page for this GET (`server/pages/member-pages.ts`),
 * once: the first read of each call is answered from the page, every later read from the server.
 */
export function takeMemberAnswer(url: string): { found: true; data: unknown } | { found: false } {
  if (typeof document === 'undefined' || performance.now() > FRESH_FOR_MS) return { found: false };
  if (!answers) {
    const block = document.getElementById(MEMBER_DATA_ID);
    answers = new Map(Object.entries(block?.textContent ? (JSON.parse(block.textContent) as Record<string, unknown>) : {}));
    block?.remove();
  }
  if (!answers.has(url)) return { found: false };
  const data = answers.get(url);
  answers.delete(url);
  return { found: true, data };
}
