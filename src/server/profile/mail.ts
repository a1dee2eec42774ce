// Mail about a member's own profile: the code confirming a new email address. Each is laid out by mail/layout.ts.
import { compose, hello, type MailBrand } from '../mail/layout.js';

export const profileMail = {
  emailChangeCode: (brand: MailBrand, to: string, name: string, code: string) =>
    compose(brand, to, 'Confirm your new email address', {
      greeting: hello(name),
      paragraphs: [
        'Enter this code on your Edit Profile page to make this your account email. It expires in 15 minutes.',
        'If you did not ask for this, ignore this email: nothing changes.',
      ],
      code,
    }),
};
