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

  wrongCodesTried: (brand: MailBrand, to: string, name: string, tries: number, locked: boolean) =>
    compose(brand, to, locked ? 'Sign-in codes for your account are locked for today' : 'Wrong codes were entered for your account', {
      greeting: hello(name),
      paragraphs: [
        locked
          ? `${tries} wrong sign-in or password-reset codes were entered for your account today, so we now refuse every such code for it until midnight (Lagos time), or until an admin lifts the lock.`
          : `${tries} wrong sign-in or password-reset codes were entered for your account today. If that was you, no need to worry.`,
        `If it was not you, someone may know your password or be guessing: change your password${brand.supportEmail ? ` and write to us at ${brand.supportEmail}` : ''}.`,
      ],
    }),
};
