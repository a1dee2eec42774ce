/**
 * What the console's pages share across features: the key of the console home's counts (the
 * tabs' badges, read again after work is done on any page) and the members CSV's address (on the
 * members and reports pages).
 */
export const consoleHomeKey = ['admin', 'home'] as const;

/** The browser downloads it (streamed, audited on the server). */
export const MEMBERS_CSV_URL = '/api/admin/members.csv';
