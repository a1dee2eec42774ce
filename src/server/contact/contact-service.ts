import type { z } from 'zod';
import type { contactSchema } from '../../shared/schemas/contact.js';
import type { AppContext } from '../context.js';
import { contactMessages } from '../db/schema.js';

/** Keeps a message from the contact page for staff; `userId` when the sender was signed in. */
export async function saveContactMessage(ctx: AppContext, message: z.output<typeof contactSchema>, userId: string | null): Promise<void> {
  await ctx.db.insert(contactMessages).values({ ...message, userId });
}
