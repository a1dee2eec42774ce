import { z } from 'zod';
import { optionalText } from '../../shared/schemas/fields.js';

/** `?reason=` on a staff file view: why the staff member opened the member's file, kept in the member's access log. */
export const staffLookQuery = z.object({ reason: optionalText('Reason', 300) });
