/**
 * The business's own details: staff edit them on the console's settings page, the environment
 * (COMPANY_*, NAIRA_ACCOUNT, DOLLAR_ACCOUNT, OFFICE_*) gives the first values. `null` or an empty
 * list is unset, and a page leaves that part out rather than show a placeholder.
 */
export interface SiteSettings {
  companyName: string;
  email: string | null;
  phone: string | null;
  nairaAccount: string | null;
  dollarAccount: string | null;
  offices: { state: string; address: string }[];
  /** Questions staff add to the FAQ, after the portal's own. */
  faq: { question: string; answer: string }[];
}

/** What the pages read (GET /api/site): the settings and the fees. */
export interface SiteInfo extends SiteSettings {
  /** The standard plan's monthly price, as staff set it on the plans page. */
  membershipFeeKobo: number;
  adWeeklyFeeKobo: number;
}

/** The limits of the settings page's lists. */
export const MAX_OFFICES = 10;
export const MAX_FAQ_ENTRIES = 30;

/** The parts of a bank account, in the order the settings page's hint asks for them. */
export const ACCOUNT_PARTS = {
  naira: ['Bank', 'Account name', 'Account number'],
  dollar: ['Bank', 'Account name', 'Account number', 'SWIFT'],
} as const;

/** The settings page's hint for an account: its parts in order ("Bank | Account name | Account number"). */
export const accountHint = (kind: keyof typeof ACCOUNT_PARTS): string => ACCOUNT_PARTS[kind].join(' | ');

export interface AccountLine {
  label: string;
  value: string;
}

/**
 * An account as staff typed it, one line per part: "Access Bank | Company Ltd | 0123456789", as
 * the hint asks, takes each part's label from its place; a part typed with its own label
 * ("Sort code: 044") keeps it. A part past the hint's list is shown as "Details".
 */
export function accountLines(account: string, kind: keyof typeof ACCOUNT_PARTS): AccountLine[] {
  const parts: readonly string[] = ACCOUNT_PARTS[kind];
  return account
    .split('|')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part, index) => {
      const colon = part.indexOf(':');
      if (colon > 0) return { label: part.slice(0, colon).trim(), value: part.slice(colon + 1).trim() };
      return { label: parts[index] ?? 'Details', value: part };
    });
}
