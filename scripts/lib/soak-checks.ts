/** How the stored submissions compare with the acknowledged ones, tag by tag. */
export interface TagComparison {
  stored: number;
  /** Acknowledged, yet not stored. */
  lost: string[];
  /** Stored rows beyond the first of their tag. */
  duplicated: number;
  /** Stored but never acknowledged: the answer was cut off after the commit. */
  extra: number;
}

/** Compares sets, not totals: one submission lost is never hidden by another stored whose answer was cut off. */
export function compareTags(acknowledged: Set<string>, storedTags: string[]): TagComparison {
  const stored = new Set(storedTags);
  return {
    stored: storedTags.length,
    lost: [...acknowledged].filter((tag) => !stored.has(tag)),
    duplicated: storedTags.length - stored.size,
    extra: [...stored].filter((tag) => !acknowledged.has(tag)).length,
  };
}

/**
 * How the mail SMTP received compares with the outbox's rows, recipient by recipient: each row
 * delivered exactly once, none missing and none twice (a count with >= would let a duplicate by).
 */
export function compareDeliveries(queued: string[], received: string[]): { missing: string[]; twice: string[] } {
  const left = new Map<string, number>();
  for (const to of queued) left.set(to, (left.get(to) ?? 0) + 1);
  const twice: string[] = [];
  for (const to of received) {
    const remaining = left.get(to) ?? 0;
    if (remaining === 0) twice.push(to);
    else left.set(to, remaining - 1);
  }
  const missing = [...left].flatMap(([to, n]) => Array.from({ length: n }, () => to));
  return { missing, twice };
}
