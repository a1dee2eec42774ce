// Mail about the member's card: staff replaced it. Laid out by mail/layout.ts.
import { compose, hello, link, type MailBrand } from '../mail/layout.js';

export const memberCardMail = {
  cardReissued: (brand: MailBrand, to: string, name: string) =>
    compose(brand, to, 'Your membership card was replaced', {
      greeting: hello(name),
      paragraphs: [
        'Our staff replaced your membership card: the QR code of your old card, and any photo or print of it, no longer checks at the door.',
        `Your new card is on your dashboard (${link(brand, '/profile#card')}): show it at meetings, castings and events.`,
        'If you did not expect this, reply to this email.',
      ],
      invitesReply: true,
    }),
};
