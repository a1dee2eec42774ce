import { z } from 'zod';
import { CONTACT_FEEDBACK } from '../options.js';
import { choice, email, optionalText, phone, requiredText } from './fields.js';

export const contactSchema = z.object({
  firstName: requiredText('First name', 80),
  lastName: requiredText('Last name', 80),
  email: email(),
  phone: phone(),
  feedback: choice('Feedback', CONTACT_FEEDBACK),
  message: optionalText('Message', 2000),
});
export type ContactInput = z.input<typeof contactSchema>;
