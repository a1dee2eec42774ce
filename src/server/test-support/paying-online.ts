import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { payments } from '../db/schema.js';
import type { TestMailbox } from './mailbox.js';
import { signedUpMember } from './test-app.js';

/** A new member who confirmed their email and started paying `months` of the fee online: their pending payment and Paystack's checkout address. */
export async function memberPayingOnline(app: FastifyInstance, mailbox: TestMailbox, months = 1) {
  const member = await signedUpMember(app);
  const email = member.user.email;
  await member.client.post('/api/users/verify-email', { json: { email } });
  await member.client.post('/api/users/verify-code', { json: { email, code: await mailbox.codeFor(email, /verification code/) } });
  const started = await member.client.post('/api/users/payments/online', { json: { plan: 'standard', months } });
  expect(started.statusCode, started.body).toBe(200);
  const [payment] = await app.ctx.db.select().from(payments).where(eq(payments.userId, member.user.id));
  return { ...member, payment: payment!, authorizationUrl: started.json().authorizationUrl as string };
}
