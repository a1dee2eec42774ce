// Mail of staff's announcements. Each is laid out by mail/layout.ts.
import { compose, hello, type MailBrand } from '../mail/layout.js';

export const announcementsMail = {
  /** Staff's message to a group; a promotional one says why the member gets it. */
  announcement: (brand: MailBrand, to: string, name: string, title: string, body: string, promotional: boolean) =>
    compose(brand, to, title, {
      greeting: hello(name),
      paragraphs: [
        ...body
          .split(/\n{2,}/)
          .map((paragraph) => paragraph.trim())
          .filter(Boolean),
        ...(promotional ? ['You get this offer because you agreed to marketing emails from us.'] : []),
      ],
    }),
};
