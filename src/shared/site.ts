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
