import { ilike, or, type SQL } from 'drizzle-orm';
import { users } from '../db/schema.js';

/** `%`, `_` and `\` typed by staff are searched for literally. */
function contains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Phones are stored in E.164 (+234803...), while staff type them as members do: 0803 123 4567,
 * 234803..., +234 803... or a fragment. Each reading becomes a pattern on the stored form.
 */
function phonePatterns(query: string): string[] {
  const digits = query.replace(/[\s().-]/g, '');
  if (!/^\+?\d{3,}$/.test(digits)) return [];
  const bare = digits.replace(/^\+/, '');
  const patterns = new Set([bare]);
  if (bare.startsWith('0')) patterns.add(`+234${bare.slice(1)}`);
  if (bare.startsWith('234')) patterns.add(`+${bare}`);
  return [...patterns];
}

/** Staff's search box: a member's name, email or phone in any of its spellings. */
export function memberMatches(query: string): SQL | undefined {
  const text = query.trim();
  if (!text) return undefined;
  return or(
    ilike(users.fullName, contains(text)),
    ilike(users.email, contains(text)),
    ilike(users.phone, contains(text)),
    ...phonePatterns(text).map((pattern) => ilike(users.phone, contains(pattern))),
  );
}
