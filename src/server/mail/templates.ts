import escapeHtml from 'escape-html';
import type { CastingOutcome } from '../../shared/castings.js';
import { CODE_TTL_MS } from '../../shared/codes.js';
import type { MailMessage } from './outbox.js';

/**
 * Every mail the portal sends: a subject that says what it is, a plain-text body, and a simple
 * HTML body with the company's name. User-supplied text is escaped in the HTML.
 */
export interface MailBrand {
  companyName: string;
  /** Where the portal is reached, without a trailing slash: every link in mail starts with it. */
  publicUrl: string;
  /** The company's own address: the Reply-To of mail that asks for an answer. */
  replyTo: string;
  /** The company's address as staff or the environment set it, for "write to us at"; unset, left out. */
  supportEmail: string | null;
}

interface Body {
  greeting: string;
  paragraphs: string[];
  /** Shown large and on its own line, e.g. a reference. */
  highlight?: string;
  /** A code, shown like a highlight; the mail is marked sensitive so its body is not kept once delivered. */
  code?: string;
  /** The mail asks the reader to answer it: replies go to the company's address, not the sender's no-reply one. */
  invitesReply?: boolean;
}

function compose(brand: MailBrand, to: string, subject: string, body: Body): MailMessage {
  const highlight = body.code ?? body.highlight;
  const lines = [body.greeting, '', ...body.paragraphs.flatMap((p, i) => (i === 0 && highlight ? [p, '', `    ${highlight}`, ''] : [p, '']))];
  const text = [...lines, `— ${brand.companyName}`, brand.publicUrl].join('\n');
  const html = [
    '<div style="font-family:Arial,sans-serif;font-size:15px;color:#1f2937;max-width:560px">',
    `<h2 style="color:#b45309">${escapeHtml(brand.companyName)}</h2>`,
    `<p>${escapeHtml(body.greeting)}</p>`,
    ...body.paragraphs.map((p, i) =>
      i === 0 && highlight
        ? `<p>${escapeHtml(p)}</p><p style="font-size:28px;letter-spacing:6px;font-weight:bold">${escapeHtml(highlight)}</p>`
        : `<p>${escapeHtml(p)}</p>`,
    ),
    `<p style="color:#6b7280">${escapeHtml(brand.companyName)}</p>`,
    '</div>',
  ].join('');
  return {
    to,
    subject: `${subject} — ${brand.companyName}`,
    text,
    html,
    sensitive: body.code !== undefined,
    ...(body.invitesReply ? { replyTo: brand.replyTo } : {}),
  };
}

const hello = (name: string) => `Hello ${name},`;

/** Text typed by staff as a sentence of a mail: ends with one full stop, whether or not they typed one. */
const sentence = (text: string) => (/[.!?]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`);

/** An absolute link to one of the portal's pages. */
const link = (brand: MailBrand, path: string) => `${brand.publicUrl}${path}`;

const minutes = (ms: number) => `${Math.round(ms / 60_000)} minutes`;

export const mailTemplates = {
  emailCode: (brand: MailBrand, to: string, name: string, code: string) =>
    compose(brand, to, 'Your email verification code', {
      greeting: hello(name),
      paragraphs: [
        `Use this code to verify your email address on the fees page (${link(brand, '/user/fees')}). It expires in ${minutes(CODE_TTL_MS.email)}.`,
        'If you did not ask for it, you can ignore this email.',
      ],
      code,
    }),

  /** `next`: an activation code follows the first membership payment; a renewal or a fine is simply approved. */
  slipReceived: (brand: MailBrand, to: string, name: string, next: 'otp' | 'approval' = 'otp') =>
    compose(brand, to, 'We received your payment slip', {
      greeting: hello(name),
      paragraphs: [
        'Thank you. Our staff will check your payment slip against our bank statement.',
        next === 'otp' ? 'Once it is approved we will email you a one-time code (OTP) to activate your profile.' : 'We will email you as soon as it is approved.',
      ],
    }),

  paymentApproved: (brand: MailBrand, to: string, name: string, otp: string | null, months: number, correction: string | null = null) =>
    compose(brand, to, otp ? 'Payment approved: your activation code (OTP)' : 'Payment approved', {
      greeting: hello(name),
      paragraphs: [
        ...(otp
          ? [
              `Your payment has been approved for ${months} month${months === 1 ? '' : 's'}. Enter this one-time code on the fees page (${link(brand, '/user/fees')}) to activate your profile. It expires in ${minutes(CODE_TTL_MS.otp)}; you can ask for a new one there.`,
              'Never share this code with anybody.',
            ]
          : [`Your payment has been approved for ${months} month${months === 1 ? '' : 's'}. Thank you.`]),
        ...(correction ? [`Our staff changed the months you chose: ${correction}`] : []),
      ],
      code: otp ?? undefined,
    }),

  otpResent: (brand: MailBrand, to: string, name: string, otp: string) =>
    compose(brand, to, 'Your activation code (OTP)', {
      greeting: hello(name),
      paragraphs: [
        `Enter this one-time code on the fees page (${link(brand, '/user/fees')}) to activate your profile. It expires in ${minutes(CODE_TTL_MS.otp)}.`,
        'Never share this code with anybody.',
      ],
      code: otp,
    }),

  paymentRejected: (brand: MailBrand, to: string, name: string, reason: string) =>
    compose(brand, to, 'Your payment slip was not approved', {
      greeting: hello(name),
      paragraphs: [
        `Our staff could not approve your payment slip. Reason: ${sentence(reason)}`,
        `Please upload a new slip on the fees page (${link(brand, '/user/fees')}). If you think this is a mistake, reply to this email.`,
      ],
      invitesReply: true,
    }),

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

  activated: (brand: MailBrand, to: string, name: string) =>
    compose(brand, to, 'Your profile is active', {
      greeting: hello(name),
      paragraphs: ['Welcome! Your profile is now active and the member forms are open to you.'],
    }),

  passwordResetCode: (brand: MailBrand, to: string, name: string, code: string) =>
    compose(brand, to, 'Your password reset code', {
      greeting: hello(name),
      paragraphs: [
        `Enter this code on the password reset page (${link(brand, '/forgot-password')}) to choose a new password. It expires in ${minutes(CODE_TTL_MS['password-reset'])}.`,
        'If you did not ask to reset your password, ignore this email: your password stays as it is.',
      ],
      code,
    }),

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

  emailChangeCode: (brand: MailBrand, to: string, name: string, code: string) =>
    compose(brand, to, 'Confirm your new email address', {
      greeting: hello(name),
      paragraphs: [
        'Enter this code on your Edit Profile page to make this your account email. It expires in 15 minutes.',
        'If you did not ask for this, ignore this email: nothing changes.',
      ],
      code,
    }),

  /** Sent to the address the account had, so a change made by somebody else does not go unnoticed. */
  accountChanged: (brand: MailBrand, to: string, name: string, what: 'password' | 'email') =>
    compose(brand, to, what === 'password' ? 'Your password was changed' : 'Your account email was changed', {
      greeting: hello(name),
      paragraphs: [
        what === 'password'
          ? 'The password of your account was just changed, and every other device was signed out.'
          : 'The email address of your account was just changed; mail now goes to the new address.',
        `If this was not you, reset your password from the login page ("Forgot password?")${brand.supportEmail ? ` and write to us at ${brand.supportEmail}` : ''} at once.`,
      ],
    }),

  wrongCodesTried: (brand: MailBrand, to: string, name: string, tries: number, locked: boolean) =>
    compose(brand, to, locked ? 'Sign-in codes for your account are locked for today' : 'Wrong codes were entered for your account', {
      greeting: hello(name),
      paragraphs: [
        locked
          ? `${tries} wrong sign-in or password-reset codes were entered for your account today, so we now refuse every such code for it until midnight (Lagos time), or until an admin lifts the lock.`
          : `${tries} wrong sign-in or password-reset codes were entered for your account today. If that was you, no need to worry.`,
        `If it was not you, someone may know your password or be guessing: change your password${brand.supportEmail ? ` and write to us at ${brand.supportEmail}` : ''}.`,
      ],
    }),

  sessionChanged: (brand: MailBrand, to: string, name: string, what: string, note: string) =>
    compose(brand, to, `Changed: ${what}`, {
      greeting: hello(name),
      paragraphs: [`${what}.`, sentence(note), `Your calendar is on ${link(brand, '/calendar')}.`],
    }),

  fineRecorded: (brand: MailBrand, to: string, name: string, amount: string, description: string) =>
    compose(brand, to, `A fine of ${amount} on your account`, {
      greeting: hello(name),
      paragraphs: [
        `Our staff recorded a fine of ${amount} on your account under the company's terms.`,
        sentence(description),
        `You can see it and pay it with a bank transfer slip on your payments page (${link(brand, '/profile/payments')}). If you think this is a mistake, reply to this email.`,
      ],
      invitesReply: true,
    }),

  finePaid: (brand: MailBrand, to: string, name: string, description: string, receiptNumber: string) =>
    compose(brand, to, 'Fine payment approved', {
      greeting: hello(name),
      paragraphs: [`Your payment of this fine was approved: ${sentence(description)}`, `Your receipt ${receiptNumber} is on your payments page. Thank you.`],
    }),

  membershipSuspended: (brand: MailBrand, to: string, name: string, reason: string) =>
    compose(brand, to, 'Your membership is suspended', {
      greeting: hello(name),
      paragraphs: [
        `Our staff suspended your membership. Reason: ${sentence(reason)}`,
        'Your account and everything in it are kept, but the member forms are closed to you until the membership is reinstated. Reply to this email to talk to us about it.',
      ],
      invitesReply: true,
    }),

  membershipReinstated: (brand: MailBrand, to: string, name: string) =>
    compose(brand, to, 'Your membership is reinstated', {
      greeting: hello(name),
      paragraphs: ['Our staff reinstated your membership. Everything your paid membership covers is open to you again.'],
    }),

  membershipReminder: (brand: MailBrand, to: string, name: string, message: string) =>
    compose(brand, to, 'Your membership', {
      greeting: hello(name),
      paragraphs: [message, 'Choose the months and upload the payment slip on the fees page; staff review it within a working day.'],
    }),

  /** Staff's message to a group; a promotional one says why the member gets it. */
  announcement: (brand: MailBrand, to: string, name: string, title: string, body: string, promotional: boolean) =>
    compose(brand, to, title, {
      greeting: hello(name),
      paragraphs: [
        ...body.split(/\n{2,}/).map((paragraph) => paragraph.trim()).filter(Boolean),
        ...(promotional ? ['You get this offer because you agreed to marketing emails from us.'] : []),
      ],
    }),
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

  bookingForGuardian: (brand: MailBrand, to: string, guardianName: string, childName: string, reference: string, summary: string) =>
    compose(brand, to, `Booking request ${reference} for ${childName}`, {
      greeting: hello(guardianName),
      paragraphs: [`A business asked to book ${childName}, whose parent or guardian you are, through the talent directory:`, summary, `${childName} sees it in their account too. Please talk it over with them before anyone answers.`],
    }),

  castingConsent: (brand: MailBrand, to: string, guardianName: string, childName: string, applicationId: string, casting: string, deadline: string, code: string) =>
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
    compose(brand, to, outcome === 'cast' ? 'You were cast' : outcome === 'not-cast' ? 'Your casting application' : 'The casting call closed before your guardian agreed', {
      greeting: hello(name),
      paragraphs:
        outcome === 'cast'
          ? [`Congratulations: you were cast for ${casting}.`, `Our staff will contact you with the details. You see it under Castings in the portal (${link(brand, '/castings')}).`]
          : outcome === 'not-cast'
            ? [`Thank you for applying for ${casting}. This time you were not cast.`, `New casting calls are listed under Castings in the portal (${link(brand, '/castings')}).`]
            : [
                `The casting call for ${casting} closed before your parent or guardian agreed to your application, so it was not sent to our staff.`,
                `New casting calls are listed under Castings in the portal (${link(brand, '/castings')}).`,
              ],
    }),

  castingOutcomeForGuardian: (brand: MailBrand, to: string, guardianName: string, childName: string, outcome: CastingOutcome, casting: string) =>
    compose(brand, to, outcome === 'cast' ? `${childName} was cast` : outcome === 'not-cast' ? `${childName}'s casting application` : `The casting call closed before you answered`, {
      greeting: hello(guardianName),
      paragraphs: [
        outcome === 'cast'
          ? `${childName}, whose parent or guardian you are, was cast for ${casting}. Our staff will contact you both with the details.`
          : outcome === 'not-cast'
            ? `${childName}, whose parent or guardian you are, was not cast this time for ${casting}.`
            : `The casting call for ${casting}, which ${childName} asked to apply for, closed before you answered, so the application was not sent to our staff. The code we sent you no longer works; there is nothing more to do.`,
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
