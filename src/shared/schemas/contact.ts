import { z } from 'zod';
import { CONTACT_FEEDBACK } from '../options.js';
import { choice, email, optionalText, phone, requiredText } from './fields.js';

export const contactSchema = z.object({
  firstName: requiredText('First name', 80),
  lastName: requiredText('Last name', 80),
  email: email(),
  phone: phone(),
  feedback: choice('Type of enquiry', CONTACT_FEEDBACK),
  message: optionalText('Message', 2000),
});
export type ContactInput = z.input<typeof contactSchema>;

/** A staff reply, emailed to the sender and kept with the message. */
export const contactReplySchema = z.object({
  text: requiredText('Reply', 5000),
  /** Mark the message handled in the same step (the usual case: the reply answers it). */
  markHandled: z.boolean({ error: 'Mark handled must be true or false' }).optional().default(false),
});
export type ContactReplyInput = z.input<typeof contactReplySchema>;

export const CONTACT_FILTERS = ['new', 'handled', 'all'] as const;
export type ContactFilter = (typeof CONTACT_FILTERS)[number];

export interface ContactMessageSummary {
  id: string;
  name: string;
  email: string;
  feedback: string;
  /** The first words of the message, for the list. */
  preview: string;
  handledAt: string | null;
  replies: number;
  createdAt: string;
}

export interface ContactReplyView {
  id: string;
  staffName: string;
  text: string;
  createdAt: string;
}

export interface ContactMessageDetail extends Omit<ContactMessageSummary, 'preview' | 'replies'> {
  phone: string;
  message: string | null;
  /** The sender was signed in as this member. */
  memberId: string | null;
  handledBy: string | null;
  replies: ContactReplyView[];
}
