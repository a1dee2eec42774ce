// Mail to staff accounts: the invitation. Each is laid out by mail/layout.ts.
import { compose, hello, link, type MailBrand } from '../mail/layout.js';

export const staffMail = {
  /** The code is a password-reset code that waits longer: the invitee sets a password with it on the reset page. */
  staffInvite: (brand: MailBrand, to: string, name: string, role: string, code: string) =>
    compose(brand, to, `You are invited to the ${brand.companyName} staff console`, {
      greeting: hello(name),
      paragraphs: [
        `You have a ${role} account on the ${brand.companyName} staff console. To choose your password, open ${link(brand, '/forgot-password?invited=1')} and enter this email address, the code below and your new password. The code works for 72 hours.`,
        'Then sign in with this email address and your password.',
      ],
      code,
    }),
};
