// `--only member`: the member's side on a slow phone (scripts/lib/member-pages.ts).
import { Goals } from '../lib/goals.js';
import { onPortalOfItsOwn } from '../lib/portal-process.js';
import { memberPages } from '../lib/member-pages.js';
import { CHROME_FLAGS, CHROMIUM } from './common.js';

/** The member pages on a portal and database of their own (`--only member`, and the full run). */
export async function memberPagesOnPortalOfTheirOwn(goals: Goals): Promise<void> {
  await onPortalOfItsOwn((portal, databaseUrl) => memberPages(goals, portal.baseUrl, databaseUrl, { executablePath: CHROMIUM, args: CHROME_FLAGS.slice(1) }));
}

export async function memberPagesOnly(): Promise<void> {
  const goals = new Goals();
  await memberPagesOnPortalOfTheirOwn(goals);
  goals.finish();
}
