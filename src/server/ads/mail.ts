// Mail about a member's advert. Each is laid out by mail/layout.ts.
import { compose, hello, type MailBrand, sentence } from '../mail/layout.js';

export const adsMail = {
  adApproved: (brand: MailBrand, to: string, name: string, when: string) =>
    compose(brand, to, 'Your advert was approved', {
      greeting: hello(name),
      paragraphs: [`Your advert was approved and appears on our homepage ${when}.`, 'You can see how many visitors clicked it on your dashboard.'],
    }),

  adRejected: (brand: MailBrand, to: string, name: string, reason: string) =>
    compose(brand, to, 'Your advert was not approved', {
      greeting: hello(name),
      paragraphs: [`Our staff could not approve your advert. Reason: ${sentence(reason)}`, 'You can delete it and place a new one from your dashboard.'],
    }),
};
