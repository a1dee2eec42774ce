// Mail about the schedule: a session moved or cancelled. Each is laid out by mail/layout.ts.
import { compose, hello, link, type MailBrand, sentence } from '../mail/layout.js';

export const scheduleMail = {
  sessionChanged: (brand: MailBrand, to: string, name: string, what: string, note: string) =>
    compose(brand, to, `Changed: ${what}`, {
      greeting: hello(name),
      paragraphs: [`${what}.`, sentence(note), `Your calendar is on ${link(brand, '/calendar')}.`],
    }),
};
