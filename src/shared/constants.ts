/** Business constants (fees, timings, limits), in one place for both sides. Money is in kobo. */
export const AD_WEEKLY_FEE_KOBO = 5_000_00;

export const MOBILE_BREAKPOINT_PX = 769;
export const TOAST_AUTO_CLOSE_MS = 5000;
export const ACTIVATION_REDIRECT_MS = 3000;

export const MIN_MEMBER_AGE = 1;
export const MAX_MEMBER_AGE = 75;

/** Rows on one page of a console list (members, messages, submissions, ...). */
export const STAFF_PAGE_SIZE = 50;

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

export const PLANS = [
  { key: 'free', name: 'Free Plan' },
  { key: 'standard', name: 'Standard Plan' },
  { key: 'premium', name: 'Premium Plan' },
] as const;
export type PlanKey = (typeof PLANS)[number]['key'];
