// No zod here: the console's fine form reads the amounts before any validation code is loaded.

/** The fines of the company's terms, in kobo: staff choose one; the amount is never typed. */
export const FINES = {
  late: { label: 'Late', amountKobo: 3_000_00 },
  'left-early': { label: 'Leaving early', amountKobo: 5_000_00 },
  'missed-meeting': { label: 'Missing a meeting', amountKobo: 20_000_00 },
  'missed-event': { label: 'Missing a company event', amountKobo: 100_000_00 },
  termination: { label: 'Termination', amountKobo: 500_000_00 },
} as const satisfies Record<string, { label: string; amountKobo: number }>;

export type FineType = keyof typeof FINES;
export const FINE_TYPES = Object.keys(FINES) as [FineType, ...FineType[]];

/** What the ledger, the receipt and the member read for a fine: "Fine (Late): arrived 40 minutes late". */
export function fineDescription(type: FineType, reason: string): string {
  return `Fine (${FINES[type].label}): ${reason}`;
}
