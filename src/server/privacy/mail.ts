// Mail about a child's guardian, coming of age, and marketing. Each is laid out by mail/layout.ts.
import { compose, hello, link, type MailBrand } from '../mail/layout.js';

export const privacyMail = {
  guardianCode: (brand: MailBrand, to: string, guardianName: string, childName: string, childId: string, code: string) =>
    compose(brand, to, `Please confirm ${childName}'s account`, {
      greeting: hello(guardianName),
      paragraphs: [
        `${childName} signed up to ${brand.companyName}'s members' portal and named you as their parent or guardian. They are under 18, so their account waits for you. Your code:`,
        `To confirm, open ${guardianLink(brand, childId)} and enter the code. The page says what the company keeps about ${childName} and asks whether their talent profile may be public. The code expires in 72 hours.`,
        `If you do not know ${childName} or do not agree, ignore this email: the account stays unable to pay, send forms or publish anything.`,
      ],
      code,
    }),

  guardianLinkEnded: (brand: MailBrand, to: string, name: string) =>
    compose(brand, to, 'You are 18: your account is now yours alone', {
      greeting: hello(name),
      paragraphs: [
        'Happy birthday! You are now 18, so your parent or guardian no longer needs to confirm anything for your account, and booking requests come only to you.',
        'You decide about your data from now on: see your privacy page to download it or change your marketing choice.',
      ],
    }),

  marketing: (brand: MailBrand, to: string, name: string, subject: string, paragraphs: string[]) =>
    compose(brand, to, subject, {
      greeting: hello(name),
      paragraphs: [...paragraphs, 'You get this because you agreed to marketing emails. Stop them at any time on your privacy page in the portal.'],
    }),
};

function guardianLink(brand: MailBrand, childId: string): string {
  return link(brand, `/guardian?child=${childId}`);
}
