// Mail of the contact page: the message for staff and their reply. Each is laid out by mail/layout.ts.
import { compose, hello, type MailBrand } from '../mail/layout.js';

export const contactMail = {
  contactForStaff: (brand: MailBrand, to: string, from: { name: string; email: string; phone: string; feedback: string; message: string | null }) =>
    compose(brand, to, `Contact message from ${from.name}`, {
      greeting: 'Hello,',
      paragraphs: [
        `${from.name} (${from.email}, ${from.phone}) wrote through the contact page (${from.feedback}):`,
        from.message ?? '(no message)',
        'Reply from Messages in the staff console: the reply is emailed and kept with the message.',
      ],
    }),

  contactReply: (brand: MailBrand, to: string, name: string, reply: string, original: string | null) =>
    compose(brand, to, 'Reply to your message', {
      greeting: hello(name),
      paragraphs: [...reply.split(/\n\s*\n/), ...(original ? [`You wrote: ${original}`] : [])],
      invitesReply: true,
    }),
};
