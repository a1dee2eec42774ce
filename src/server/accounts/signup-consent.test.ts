import { and, eq } from 'drizzle-orm';
import { format } from 'date-fns/format';
import { subYears } from 'date-fns/subYears';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consents, users } from '../db/schema.js';
import { TestMailbox } from '../test-support/mailbox.js';
import { createTestApp, signupFields, TestClient } from '../test-support/test-app.js';

/**
 * Consent that is a condition of joining is not freely given (NDPA 2023): marketing emails are a
 * choice an adult may leave unticked, and a child is never asked (the guardian decides; the child
 * chooses at 18). Nor is a child asked a marital status.
 */
const mailbox = new TestMailbox();
let portal: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  portal = await createTestApp({}, { mailTransport: mailbox.transport });
});
afterAll(() => portal.close());

const signUp = (overrides: Record<string, unknown>) => new TestClient(portal.app).post('/api/users/signup', { json: signupFields(overrides) });

async function marketingOf(email: string) {
  const [user] = await portal.app.ctx.db.select().from(users).where(eq(users.email, email));
  const recorded = await portal.app.ctx.db
    .select({ given: consents.given })
    .from(consents)
    .where(and(eq(consents.userId, user!.id), eq(consents.kind, 'marketing')));
  return { user: user!, consentAt: user!.marketingConsentAt, recorded: recorded.map((row) => row.given) };
}

const childDob = format(subYears(new Date(), 12), 'yyyy-MM-dd');
const guardian = {
  guardianName: 'Ngozi Okafor',
  guardianRelationship: 'Mother',
  guardianEmail: 'ngozi.guardian@example.com',
  guardianPhone: '+234 803 555 0199',
};

describe('signing up without marketing consent', () => {
  it('takes an adult who leaves marketing emails unticked, and records the no', async () => {
    const response = await signUp({ acceptMarketing: false, email: 'no.marketing@example.com' });
    expect(response.statusCode, response.body).toBe(201);
    expect(await marketingOf('no.marketing@example.com')).toMatchObject({ consentAt: null, recorded: [false] });
  });

  it('takes an adult who leaves the field out altogether', async () => {
    const fields = signupFields({ email: 'left.out@example.com' });
    delete fields.acceptMarketing;
    expect((await new TestClient(portal.app).post('/api/users/signup', { json: fields })).statusCode).toBe(201);
    expect(await marketingOf('left.out@example.com')).toMatchObject({ consentAt: null, recorded: [false] });
  });

  it('records an adult’s yes', async () => {
    expect((await signUp({ acceptMarketing: true, email: 'yes.marketing@example.com' })).statusCode).toBe(201);
    const { consentAt, recorded } = await marketingOf('yes.marketing@example.com');
    expect(consentAt).toBeInstanceOf(Date);
    expect(recorded).toEqual([true]);
  });

  it('never takes a child’s tick as consent, and asks a child no marital status', async () => {
    const response = await signUp({ dob: childDob, email: 'child.member@example.com', acceptMarketing: true, maritalStatus: undefined, ...guardian });
    expect(response.statusCode, response.body).toBe(201);
    const { user, consentAt, recorded } = await marketingOf('child.member@example.com');
    expect(consentAt).toBeNull();
    expect(recorded).toEqual([]);
    expect(user.maritalStatus).toBeNull();
  });

  it('still asks an adult their marital status', async () => {
    const response = await signUp({ maritalStatus: undefined, email: 'adult.no.status@example.com' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Marital status must be one of the listed options');
  });
});
