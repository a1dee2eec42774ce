// Mail about money: an approved payment (with the activation code of a first one), fines recorded and paid. Each is laid out by mail/layout.ts.
import { CODE_TTL_MS } from '../../shared/codes.js';
import { compose, hello, link, type MailBrand, minutes, sentence } from '../mail/layout.js';

export const ledgerMail = {
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
};
