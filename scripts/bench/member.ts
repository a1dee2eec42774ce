// `--only member`: the member's side on a slow phone (scripts/lib/member-pages.ts).
import { rmSync } from 'node:fs';
import { Goals } from '../lib/goals.js';
import { freshDatabase, startPortal } from '../lib/portal-process.js';
import { memberPages } from '../lib/member-pages.js';
import { CHROME_FLAGS, CHROMIUM } from './common.js';

/** The member pages on a portal and database of their own (`--only member`, and the full run). */
export async function memberPagesOnPortalOfTheirOwn(goals: Goals): Promise<void> {
  const database = await freshDatabase();
  const portal = await startPortal({ DATABASE_URL: database.url });
  try {
    await memberPages(goals, portal.baseUrl, database.url, { executablePath: CHROMIUM, args: CHROME_FLAGS.slice(1) });
  } finally {
    await portal.stop();
    await database.drop();
    rmSync(portal.dataDir, { recursive: true, force: true });
  }
}

export async function memberPagesOnly(): Promise<void> {
  const goals = new Goals();
  await memberPagesOnPortalOfTheirOwn(goals);
  goals.finish();
}
