/** The business's own details, configured on the server and shown by the pages (GET /api/site). */
export interface SiteInfo {
  companyName: string;
  email: string;
  phone: string;
  nairaAccount: string;
  dollarAccount: string;
  offices: { state: string; address: string }[];
  membershipFeeKobo: number;
  adWeeklyFeeKobo: number;
}
