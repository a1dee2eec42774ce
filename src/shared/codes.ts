/** The kinds of emailed code, and how long each lives: said in the mail that carries it and checked by the server. */
export type CodePurpose = 'email' | 'otp' | 'password-reset' | 'email-change' | 'guardian';

/** The activation codes 10 minutes, account recovery 15, a guardian's 72 hours (a parent may read mail once a day). */
export const CODE_TTL_MS: Record<CodePurpose, number> = {
  email: 10 * 60 * 1000,
  otp: 10 * 60 * 1000,
  'password-reset': 15 * 60 * 1000,
  'email-change': 15 * 60 * 1000,
  guardian: 72 * 60 * 60 * 1000,
};
