// `--only transfer`: the bytes of a first and a repeat visit, and of a form with camera photos
// (scripts/lib/transfer.ts).
import { Goals } from '../lib/goals.js';
import { measureTransfer } from '../lib/transfer.js';
import { CHROME_FLAGS, CHROMIUM } from './common.js';

/** The bytes section alone (`--only transfer`). */
export async function transferOnly() {
  const goals = new Goals();
  await measureTransfer(goals, { executablePath: CHROMIUM, args: CHROME_FLAGS.slice(1) });
  goals.finish();
}
