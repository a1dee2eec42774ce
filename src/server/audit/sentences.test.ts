import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AUDIT_SENTENCES, auditSentence } from './sentences.js';

const serverFolder = path.resolve(import.meta.dirname, '..');

/** Every action the server's code writes to the audit log, read from the code as a reader would. */
function actionsInCode(): Map<string, string> {
  const found = new Map<string, string>();
  for (const entry of readdirSync(serverFolder, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.ts') || entry.name.endsWith('.test.ts')) continue;
    const file = path.join(entry.parentPath, entry.name);
    const source = readFileSync(file, 'utf8');
    const where = path.relative(serverFolder, file);
    // action: 'x.y', action: cond ? 'x.y' : 'x.z', and a file's own audit('x.y', ...) helper.
    for (const line of source.matchAll(/\baction: ([^\n]*)/g)) {
      for (const [, action] of line[1]!.matchAll(/'([a-z0-9-]+(?:\.[a-z0-9-]+)+)'/g)) found.set(action!, where);
    }
    for (const [, action] of source.matchAll(/\baudit\('([a-z0-9-]+(?:\.[a-z0-9-]+)+)'/g)) found.set(action!, where);
    // `schedule.${input.action}`: the session changes the schedule's schema allows.
    if (source.includes('`schedule.${input.action}`')) for (const change of ['cancel', 'move']) found.set(`schedule.${change}`, where);
  }
  return found;
}

describe('the audit log’s sentences', () => {
  it('say every action the portal records', () => {
    const actions = actionsInCode();
    expect(actions.size).toBeGreaterThan(60);
    const missing = [...actions].filter(([action]) => !(action in AUDIT_SENTENCES)).map(([action, file]) => `${action} (${file})`);
    expect(missing, 'actions written to the audit log without a sentence in audit/sentences.ts').toEqual([]);
  });

  it('read as who did what to whom, with money, reasons and titles in words', () => {
    const told = { details: {}, subject: 'Chioma Okafor (HM-000012)', member: 'Chioma Okafor (HM-000012)', self: false };
    expect(auditSentence('Ada Obi (finance)', 'member.fined', { ...told, details: { amountKobo: 500000, reason: 'Late to rehearsal' } })).toBe(
      'Ada Obi (finance) fined Chioma Okafor (HM-000012) ₦5,000.00 (Late to rehearsal).',
    );
    expect(auditSentence('Ada Obi (moderator)', 'member.level', { ...told, details: { from: 1, to: 4 } })).toBe(
      'Ada Obi (moderator) moved Chioma Okafor (HM-000012) from level 1 to level 4.',
    );
    expect(auditSentence('Chioma Okafor (HM-000012)', '2fa.enable', { ...told, self: true })).toBe(
      'Chioma Okafor (HM-000012) turned on two-factor sign-in for their own account.',
    );
    expect(auditSentence('The portal', 'gallery.starter', { ...told, details: { count: 6 } })).toBe('The portal put the 6 starter pictures in the gallery.');
  });
});
