import { z } from 'zod';
import { requiredText } from './fields.js';

/** Staff enrol a member in a training by the number on their card. */
export const enrolmentFields = z.object({ memberNumber: requiredText('Member number', 20) });
export type EnrolmentInput = z.infer<typeof enrolmentFields>;
