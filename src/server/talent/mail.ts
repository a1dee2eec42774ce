// Mail about booking requests in the talent directory. Each is laid out by mail/layout.ts.
import { compose, hello, type MailBrand } from '../mail/layout.js';

export const talentMail = {
  /** To an address nobody has confirmed yet: nothing the sender wrote, only the code. */
  bookingConfirmCode: (brand: MailBrand, to: string, code: string) =>
    compose(brand, to, 'Confirm your booking request', {
      greeting: 'Hello,',
      paragraphs: [
        'Enter this code on the booking form to confirm your email address and send your booking request. It expires in 30 minutes.',
        'If you did not ask for a booking, ignore this email: nothing is sent.',
      ],
      code,
    }),

  bookingReceived: (brand: MailBrand, to: string, name: string, reference: string, stageName: string) =>
    compose(brand, to, `Booking request ${reference} sent`, {
      greeting: hello(name),
      paragraphs: [
        `We passed your booking request for ${stageName} on. Quote this reference in any message about it:`,
        'The talent will accept or decline it, and we will email you their answer.',
      ],
      highlight: reference,
    }),

  bookingForTalent: (brand: MailBrand, to: string, name: string, reference: string, summary: string) =>
    compose(brand, to, `New booking request ${reference}`, {
      greeting: hello(name),
      paragraphs: [`A business asked to book you: ${summary}`, 'Open the talent profile page of your dashboard to accept or decline it.'],
    }),

  bookingForStaff: (brand: MailBrand, to: string, reference: string, summary: string) =>
    compose(brand, to, `Booking request ${reference}`, {
      greeting: 'Hello,',
      paragraphs: [`A new booking request arrived in the talent directory: ${summary}`, 'It is listed under Talent in the staff console.'],
    }),

  bookingAnswered: (brand: MailBrand, to: string, name: string, reference: string, stageName: string, accepted: boolean, message: string | null) =>
    compose(brand, to, `Booking request ${reference} ${accepted ? 'accepted' : 'declined'}`, {
      greeting: hello(name),
      paragraphs: [
        accepted
          ? `${stageName} accepted your booking request ${reference}. They will contact you at the email or phone number you gave.`
          : `${stageName} declined your booking request ${reference}.`,
        ...(message ? [`Their message: ${message}`] : []),
      ],
    }),

  bookingForGuardian: (brand: MailBrand, to: string, guardianName: string, childName: string, reference: string, summary: string) =>
    compose(brand, to, `Booking request ${reference} for ${childName}`, {
      greeting: hello(guardianName),
      paragraphs: [
        `A business asked to book ${childName}, whose parent or guardian you are, through the talent directory:`,
        summary,
        `${childName} sees it in their account too. Please talk it over with them before anyone answers.`,
      ],
    }),
};
