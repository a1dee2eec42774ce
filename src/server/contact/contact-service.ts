import { eq, inArray, or } from 'drizzle-orm';
import type { z } from 'zod';
import type { contactSchema } from '../../shared/schemas/contact.js';
import type { AppContext } from '../context.js';
import type { Executor } from '../db/client.js';
import { contactMessages } from '../db/schema.js';

/** Keeps a message from the contact page for staff; `userId` when the sender was signed in. */
export async function saveContactMessage(ctx: AppContext, message: z.output<typeof contactSchema>, userId: string | null): Promise<void> {
  await ctx.db.insert(contactMessages).values({ ...message, userId });
}

/** Removes a terminated member's messages: sent signed in, or from their email or phone number. */
export async function forgetContactMessages(db: Executor, person: { userId: string; emails: string[]; phone: string }): Promise<void> {
  await db.delete(contactMessages).where(or(eq(contactMessages.userId, person.userId), inArray(contactMessages.email, person.emails), eq(contactMessages.phone, person.phone)));
}
