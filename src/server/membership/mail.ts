// Mail about the membership: the email code and the slip of the fee wizard, activation, a rejected slip, suspension and reminders. Each is laid out by mail/layout.ts.
import { CODE_TTL_MS } from '../../shared/codes.js';
import { compose, hello, link, type MailBrand, minutes, sentence } from '../mail/layout.js';

export const membershipMail = {
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
        next === 'otp'
          ? 'Once it is approved we will email you a one-time code (OTP) to activate your profile.'
          : 'We will email you as soon as it is approved.',
      ],
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

  activated: (brand: MailBrand, to: string, name: string) =>
    compose(brand, to, 'Your profile is active', {
      greeting: hello(name),
      paragraphs: ['Welcome! Your profile is now active and the member forms are open to you.'],
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
};
