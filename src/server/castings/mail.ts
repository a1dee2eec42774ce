// Mail about castings: a guardian's consent, and the outcome. Each is laid out by mail/layout.ts.
import type { CastingOutcome } from '../../shared/castings.js';
import { compose, hello, link, type MailBrand } from '../mail/layout.js';

export const castingsMail = {
  castingConsent: (
    brand: MailBrand,
    to: string,
    guardianName: string,
    childName: string,
    applicationId: string,
    casting: string,
    deadline: string,
    code: string,
  ) =>
    compose(brand, to, `${childName} asks to apply for a casting`, {
      greeting: hello(guardianName),
      paragraphs: [
        `${childName}, whose parent or guardian you are, wants to apply for a casting: ${casting}. They are under 18, so the application goes to our staff only if you agree. Your code:`,
        `To agree (or refuse), open ${link(brand, `/castings/consent?application=${applicationId}`)} and enter the code before ${deadline}, the casting's deadline.`,
        `If you do not agree, refuse there or ignore this email: nothing is sent to our staff.`,
      ],
      code,
    }),

  castingOutcome: (brand: MailBrand, to: string, name: string, outcome: CastingOutcome, casting: string) =>
    compose(
      brand,
      to,
      outcome === 'cast' ? 'You were cast' : outcome === 'not-cast' ? 'Your casting application' : 'The casting call closed before your guardian agreed',
      {
        greeting: hello(name),
        paragraphs:
          outcome === 'cast'
            ? [
                `Congratulations: you were cast for ${casting}.`,
                `Our staff will contact you with the details. You see it under Castings in the portal (${link(brand, '/castings')}).`,
              ]
            : outcome === 'not-cast'
              ? [
                  `Thank you for applying for ${casting}. This time you were not cast.`,
                  `New casting calls are listed under Castings in the portal (${link(brand, '/castings')}).`,
                ]
              : [
                  `The casting call for ${casting} closed before your parent or guardian agreed to your application, so it was not sent to our staff.`,
                  `New casting calls are listed under Castings in the portal (${link(brand, '/castings')}).`,
                ],
      },
    ),

  castingOutcomeForGuardian: (brand: MailBrand, to: string, guardianName: string, childName: string, outcome: CastingOutcome, casting: string) =>
    compose(
      brand,
      to,
      outcome === 'cast'
        ? `${childName} was cast`
        : outcome === 'not-cast'
          ? `${childName}'s casting application`
          : `The casting call closed before you answered`,
      {
        greeting: hello(guardianName),
        paragraphs: [
          outcome === 'cast'
            ? `${childName}, whose parent or guardian you are, was cast for ${casting}. Our staff will contact you both with the details.`
            : outcome === 'not-cast'
              ? `${childName}, whose parent or guardian you are, was not cast this time for ${casting}.`
              : `The casting call for ${casting}, which ${childName} asked to apply for, closed before you answered, so the application was not sent to our staff. The code we sent you no longer works; there is nothing more to do.`,
        ],
      },
    ),
};
