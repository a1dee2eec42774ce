// Mail about signing in: password reset codes, changes to the account, wrong codes tried. Each is laid out by mail/layout.ts.
import { CODE_TTL_MS } from '../../shared/codes.js';
import { compose, hello, link, type MailBrand, minutes } from '../mail/layout.js';

export const authMail = {
  passwordResetCode: (brand: MailBrand, to: string, name: string, code: string) =>
    compose(brand, to, 'Your password reset code', {
      greeting: hello(name),
      paragraphs: [
        `Enter this code on the password reset page (${link(brand, '/forgot-password')}) to choose a new password. It expires in ${minutes(CODE_TTL_MS['password-reset'])}.`,
        'If you did not ask to reset your password, ignore this email: your password stays as it is.',
      ],
      code,
    }),

  /** Sent to the address the account had, so a change made by somebody else does not go unnoticed. */
  accountChanged: (brand: MailBrand, to: string, name: string, what: 'password' | 'email') =>
    compose(brand, to, what === 'password' ? 'Your password was changed' : 'Your account email was changed', {
      greeting: hello(name),
      paragraphs: [
        what === 'password'
          ? 'The password of your account was just changed, and every other device was signed out.'
          : 'The email address of your account was just changed; mail now goes to the new address.',
        `If this was not you, reset your password from the login page ("Forgot password?")${brand.supportEmail ? ` and write to us at ${brand.supportEmail}` : ''} at once.`,
      ],
    }),

  /** When wrong codes in a row begin to wait, and when their wait is the longest (`longestWait`: auth/wrong-guesses.ts). */
  wrongCodesTried: (
    brand: MailBrand,
    to: string,
    name: string,
    { tries, what, longestWait }: { tries: number; what: 'sign-in' | 'password-reset'; longestWait: string | null },
  ) =>
    compose(brand, to, longestWait ? 'Someone keeps entering wrong codes for your account' : 'Wrong codes were entered for your account', {
      greeting: hello(name),
      paragraphs: [
        longestWait
          ? `${tries} wrong ${what} codes in a row were entered for your account, so we now check only one such code every ${longestWait}. The right code still works at once on a browser you signed in on before.`
          : `${tries} wrong ${what} codes in a row were entered for your account, so each further one waits a little before it is checked. If that was you, no need to worry.`,
        `If it was not you, someone may know your password or be guessing: change your password${brand.supportEmail ? ` and write to us at ${brand.supportEmail}` : ''}.`,
      ],
    }),
};
