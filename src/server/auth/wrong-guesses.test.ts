import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wrongGuesses } from '../db/schema.js';
import { runHousekeeping } from '../housekeeping.js';
import { issueCode } from './codes.js';
import { keepWrongCode } from './wrong-guesses.js';
import { TestMailbox } from '../test-support/mailbox.js';
import { createPostgresTestApp, describeOnPostgres } from '../test-support/on-postgres.js';
import { createTestApp, PASSWORD, signedInStaff, signedInStaffAs, TestClient } from '../test-support/test-app.js';
import { appCode, enablingCode } from '../test-support/authenticator-app.js';

type Portal = Awaited<ReturnType<typeof createTestApp>>;

/**
 * The limits as deployed (RATE_LIMIT_LOGIN 10 per address, and the per-account 30 of the release
 * before), and a clock that stands still until a test moves it: a guesser who waits out a
 * back-off moves it by the answer's Retry-After.
 */
const REAL_LIMITS = { RATE_LIMIT_LOGIN: '10', RATE_LIMIT_LOGIN_ACCOUNT: '30' };
let now = Date.now();
const clock = () => new Date(now);
const mailbox = new TestMailbox();
let portal: Portal;
let admin: TestClient;

beforeAll(async () => {
  portal = await createTestApp(REAL_LIMITS, { mailTransport: mailbox.transport, clock });
  admin = await signedInStaff(portal.app);
});
afterAll(() => portal.close());

let addresses = 0;
/** An address no other test sends from, so the per-address limits of one test do not reach another. */
const freshAddress = () => {
  addresses += 1;
  return `10.${Math.floor(addresses / 250) + 10}.${addresses % 250}.1`;
};

/** A browser at one address; it keeps its cookies as a real one does. */
function browser(on: Portal = portal, address = freshAddress(), client = new TestClient(on.app)) {
  const post = (url: string, json: unknown) => client.request({ method: 'POST', url, remoteAddress: address }, { json });
  return {
    client,
    signIn: (email: string, password: string) => post('/api/users/login', { email, password }),
    secondFactor: (code: string) => post('/api/users/login/2fa', { code }),
    reset: (identifier: string, code: string) =>
      post('/api/users/password/reset', { identifier, code, password: 'taken-over-pass-1', confirmPassword: 'taken-over-pass-1' }),
  };
}

/** A finance account with two-factor sign-in on; its client signed in before, so it is the owner's own browser. */
async function financeWithTwoFactor(on: Portal = portal) {
  const finance = await signedInStaffAs(on.app, 'finance');
  const { secret } = (await finance.client.post('/api/admin/me/2fa/setup')).json();
  const enabled = await finance.client.post('/api/admin/me/2fa/enable', { json: { code: await enablingCode(secret), currentPassword: PASSWORD } });
  expect(enabled.statusCode, enabled.body).toBe(200);
  return { ...finance, secret: secret as string, recoveryCodes: enabled.json().recoveryCodes as string[] };
}

/** The seconds a 429 asks to wait; a refusal that names no wait fails the test. */
function retryAfter(answer: LightMyRequestResponse): number {
  expect(answer.statusCode, answer.body).toBe(429);
  const seconds = Number(answer.headers['retry-after']);
  expect(seconds, `a 429 without a Retry-After: ${answer.body}`).toBeGreaterThan(0);
  return seconds;
}

/** Sends until the answer is not a back-off, moving the clock by each wait; answers the last answer and the waits met. */
async function waitingOut(send: () => Promise<LightMyRequestResponse>) {
  const waits: number[] = [];
  for (;;) {
    const answer = await send();
    if (answer.statusCode !== 429) return { answer, waits };
    const seconds = retryAfter(answer);
    waits.push(seconds);
    now += seconds * 1000;
  }
}

const wrongCode = (code: string) => (code === '000000' ? '111111' : '000000');
const MINUTE = 60;

describe('wrong reset codes and wrong authenticator codes are counted apart', () => {
  it('lets the owner sign in with the right password and app code after 20 wrong reset codes for their email', async () => {
    const finance = await financeWithTwoFactor();
    const waits: number[] = [];
    let resetCode = '';
    for (let i = 0; i < 20; i += 1) {
      // Five wrong tries end a code: the guesser asks for another (one a minute, by the mail's clock).
      if (i % 5 === 0) resetCode = await issueCode(portal.app.ctx, portal.app.ctx.db, finance.id, 'password-reset');
      const guess = await waitingOut(() => browser().reset(finance.email, wrongCode(resetCode)));
      expect(guess.answer.statusCode, guess.answer.body).toBe(400);
      waits.push(...guess.waits);
    }

    const owner = browser();
    expect((await owner.signIn(finance.email, PASSWORD)).json()).toMatchObject({ twoFactorRequired: true });
    const signedIn = await owner.secondFactor(await appCode(finance.secret));
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    // The guesser's reset codes: five at once, then one after a minute, two, four, ... then one every two hours.
    expect(waits).toEqual([1, 2, 4, 8, 15, 30, 60, 120, 120, 120, 120, 120, 120, 120, 120].map((m) => m * MINUTE));
  });

  it('lets the owner reset their password, and use a recovery code at once, after 20 wrong app codes', async () => {
    const finance = await financeWithTwoFactor();
    // Somebody who has the password: a new sign-in for every code, from addresses of their own.
    for (let i = 0; i < 20; i += 1) {
      const guesser = browser();
      expect((await guesser.signIn(finance.email, PASSWORD)).json()).toMatchObject({ twoFactorRequired: true });
      const guess = await waitingOut(() => guesser.secondFactor('000000'));
      expect(guess.answer.statusCode, guess.answer.body).toBe(400);
    }

    const owner = browser();
    expect((await owner.signIn(finance.email, PASSWORD)).json()).toMatchObject({ twoFactorRequired: true });
    const withRecoveryCode = await owner.secondFactor(finance.recoveryCodes[0]!);
    expect(withRecoveryCode.statusCode, withRecoveryCode.body).toBe(200);

    const resetCode = await issueCode(portal.app.ctx, portal.app.ctx.db, finance.id, 'password-reset');
    const reset = await browser().reset(finance.email, resetCode);
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json()).toMatchObject({ twoFactorRequired: true });
  });
});

describe('wrong passwords slow guessing down, and the owner still gets in', () => {
  it('lets the owner in from their own address after 30 wrong passwords from another one', async () => {
    const finance = await financeWithTwoFactor();
    const guesser = browser();
    const statuses = [];
    for (let i = 0; i < 30; i += 1) statuses.push((await guesser.signIn(finance.email, `wrong-password-${i}`)).statusCode);
    // The address's own limit: ten a quarter of an hour.
    expect(statuses).toEqual([...Array<number>(10).fill(401), ...Array<number>(20).fill(429)]);

    const owner = browser();
    const password = await owner.signIn(finance.email, PASSWORD);
    expect(password.json(), password.body).toMatchObject({ twoFactorRequired: true });
    expect((await owner.secondFactor(await appCode(finance.secret))).statusCode).toBe(200);
  });

  it('lets the owner in after 30 wrong passwords from 30 addresses: at once on their own browser, after a wait on a new one', async () => {
    const finance = await financeWithTwoFactor();
    for (let i = 0; i < 30; i += 1) {
      const guess = await waitingOut(() => browser().signIn(finance.email, `wrong-password-${i}`));
      expect(guess.answer.statusCode).toBe(401);
    }

    // The browser the owner signed in on before is not held back by strangers' guesses.
    const own = browser(portal, freshAddress(), finance.client);
    const atOnce = await own.signIn(finance.email, PASSWORD);
    expect(atOnce.json(), atOnce.body).toMatchObject({ twoFactorRequired: true });
    expect((await own.secondFactor(await appCode(finance.secret))).statusCode).toBe(200);

    const newBrowser = browser();
    const refused = await newBrowser.signIn(finance.email, PASSWORD);
    expect(retryAfter(refused)).toBeLessThanOrEqual(15 * MINUTE);
    expect(refused.json().message).toMatch(/Too many wrong passwords.*Try again in \d+ (minutes?|seconds?)/);
    now += retryAfter(refused) * 1000;
    const afterTheWait = await newBrowser.signIn(finance.email, PASSWORD);
    expect(afterTheWait.json(), afterTheWait.body).toMatchObject({ twoFactorRequired: true });
    expect((await newBrowser.secondFactor(await appCode(finance.secret, 1))).statusCode).toBe(200);
  });
});

describe('who counts as whom', () => {
  it('answers a name that is no account as it answers an account: 20 refusals, then the same wait', async () => {
    const { email } = await signedInStaffAs(portal.app, 'moderator');
    for (const name of [email, `nobody-${randomUUID()}@example.com`]) {
      const statuses = [];
      for (let i = 0; i < 20; i += 1) statuses.push((await browser().signIn(name, `wrong-password-${i}`)).statusCode);
      expect(statuses).toEqual(Array<number>(20).fill(401));
      const waiting = await browser().signIn(name, 'wrong-password-20');
      expect([retryAfter(waiting), waiting.json().message]).toEqual([
        30,
        'Too many wrong passwords were tried for this account. Try again in 30 seconds. Or reset your password.',
      ]);
    }
    // Nothing of the name itself is kept: only a keyed hash of it.
    const keys = (await portal.app.ctx.db.select({ key: wrongGuesses.key }).from(wrongGuesses)).map((row) => row.key);
    expect(keys.filter((key) => key.includes('nobody-'))).toEqual([]);
  });

  it("takes another account's browser, and a forged mark, for strangers", async () => {
    const { email } = await signedInStaffAs(portal.app, 'moderator');
    const other = await signedInStaffAs(portal.app, 'moderator');
    for (let i = 0; i < 20; i += 1) expect((await browser().signIn(email, `wrong-password-${i}`)).statusCode).toBe(401);
    expect((await browser(portal, freshAddress(), other.client).signIn(email, PASSWORD)).statusCode).toBe(429);
    const mark = other.client.cookie('known')!;
    const forged = new TestClient(portal.app);
    forged.setCookie('known', `${mark.split('.')[0]}.${'A'.repeat(43)}`);
    expect((await browser(portal, freshAddress(), forged).signIn(email, PASSWORD)).statusCode).toBe(429);
  });
});

describe('the waits, as the owner and the admins see them', () => {
  it('tells the owner when the waits begin and when they reach their longest; an admin sees the account and lifts the waits', async () => {
    const finance = await financeWithTwoFactor();
    for (let i = 0; i < 12; i += 1) {
      const guesser = browser();
      expect((await guesser.signIn(finance.email, PASSWORD)).json()).toMatchObject({ twoFactorRequired: true });
      expect((await waitingOut(() => guesser.secondFactor('000000'))).answer.statusCode).toBe(400);
    }
    const started = await mailbox.waitFor((mail) => mail.to === finance.email && /Wrong codes were entered/.test(mail.subject));
    expect(started.text).toContain('5 wrong sign-in codes in a row were entered for your account, so each further one waits');
    const longest = await mailbox.waitFor((mail) => mail.to === finance.email && /keeps entering wrong codes/.test(mail.subject));
    expect(longest.text).toContain('12 wrong sign-in codes in a row were entered for your account, so we now check only one such code every 2 hours.');
    expect(mailbox.countTo(finance.email, /Wrong codes were entered|keeps entering wrong codes/)).toBe(2);

    const locks = (await admin.get('/api/admin/code-locks')).json().locks;
    expect(locks).toContainEqual(expect.objectContaining({ userId: finance.id, email: finance.email, wrongTries: 12 }));
    const moderator = await signedInStaffAs(portal.app, 'moderator');
    expect((await moderator.client.delete(`/api/admin/code-locks/${finance.id}`)).statusCode).toBe(403);
    expect((await admin.delete(`/api/admin/code-locks/${finance.id}`)).statusCode).toBe(200);
    for (const userId of [finance.id, 'not-an-account', randomUUID()]) {
      const again = await admin.delete(`/api/admin/code-locks/${userId}`);
      expect([again.statusCode, again.json().message], userId).toEqual([404, 'Nobody is held back on this account.']);
    }
    const entries = (await admin.get(`/api/admin/audit?subjectId=${finance.id}`)).json().entries;
    expect(entries).toContainEqual(
      expect.objectContaining({ action: 'codes.unlock', subjectType: 'user', subjectId: finance.id, details: { wrongTries: 12 } }),
    );

    const owner = browser();
    expect((await owner.signIn(finance.email, PASSWORD)).json()).toMatchObject({ twoFactorRequired: true });
    expect((await owner.secondFactor(await appCode(finance.secret))).statusCode).toBe(200);
  });

  it('does not count reset codes tried for an account that has no live reset code', async () => {
    const finance = await financeWithTwoFactor();
    const statuses = [];
    for (let i = 0; i < 25; i += 1) statuses.push((await browser().reset(finance.email, '000000')).statusCode);
    expect(statuses).toEqual(Array<number>(25).fill(400));
    expect(await portal.app.ctx.db.select().from(wrongGuesses).where(eq(wrongGuesses.userId, finance.id))).toEqual([]);
  });

  it('ends a run at the right answer, and forgets one after a day without a wrong try', async () => {
    const finance = await financeWithTwoFactor();
    const runOf = async () => (await portal.app.ctx.db.select().from(wrongGuesses).where(eq(wrongGuesses.userId, finance.id))).map((row) => row.failures);
    const guesser = browser();
    expect((await guesser.signIn(finance.email, PASSWORD)).json()).toMatchObject({ twoFactorRequired: true });
    expect((await guesser.secondFactor('000000')).statusCode).toBe(400);
    expect(await runOf()).toEqual([1]);
    expect((await guesser.secondFactor(await appCode(finance.secret))).statusCode).toBe(200);
    expect(await runOf()).toEqual([]);

    for (let i = 0; i < 5; i += 1) {
      const next = browser();
      expect((await next.signIn(finance.email, PASSWORD)).json()).toMatchObject({ twoFactorRequired: true });
      expect((await next.secondFactor('000000')).statusCode).toBe(400);
    }
    await runHousekeeping(portal.app.ctx);
    expect(await runOf()).toEqual([5]);
    now += 24 * 60 * 60 * 1000 + 1000;
    await runHousekeeping(portal.app.ctx);
    expect(await runOf()).toEqual([]);
  });

  it('does not fail when the account was deleted while its wrong code was checked', async () => {
    // A sign-in's try is held and kept in two statements (no transaction): the account can go in between.
    const gone = { kind: 'app-code' as const, key: randomUUID(), userId: randomUUID(), failures: 5 };
    await expect(keepWrongCode(portal.app.ctx, portal.app.ctx.db, gone)).resolves.toBeUndefined();
  });
});

/** How many of a guesser's tries are checked when they retry the moment each wait ends, from a new address each time. */
async function checkedOverTwoHours(send: () => Promise<LightMyRequestResponse>) {
  const start = now;
  const checked = { atOnce: 0, firstHour: 0, secondHour: 0 };
  for (;;) {
    const answer = await send();
    if (answer.statusCode === 429) {
      now += retryAfter(answer) * 1000;
      continue;
    }
    const elapsed = now - start;
    if (elapsed > 2 * 60 * 60 * 1000) return checked;
    if (elapsed === 0) checked.atOnce += 1;
    else if (elapsed <= 60 * 60 * 1000) checked.firstHour += 1;
    else checked.secondHour += 1;
  }
}

describe('the most a guesser can try (docs/decisions/024)', () => {
  it('checks 20 wrong passwords at once, 7 more in the first hour and 4 an hour after that', async () => {
    const { email } = await signedInStaffAs(portal.app, 'moderator');
    let i = 0;
    const checked = await checkedOverTwoHours(async () => {
      i += 1;
      const answer = await browser().signIn(email, `wrong-password-${i}`);
      if (answer.statusCode !== 429) expect(answer.statusCode).toBe(401);
      return answer;
    });
    expect(checked).toEqual({ atOnce: 20, firstHour: 7, secondHour: 4 });
  });

  it('checks 5 wrong app codes at once, 6 more in the first hour and one in the second, from somebody who has the password', async () => {
    const finance = await financeWithTwoFactor();
    const checked = await checkedOverTwoHours(async () => {
      const guesser = browser();
      expect((await guesser.signIn(finance.email, PASSWORD)).json()).toMatchObject({ twoFactorRequired: true });
      const answer = await guesser.secondFactor('000000');
      if (answer.statusCode !== 429) expect(answer.statusCode).toBe(400);
      return answer;
    });
    expect(checked).toEqual({ atOnce: 5, firstHour: 6, secondHour: 1 });
  });
});

describeOnPostgres('guesses sent at once', () => {
  let racePortal: Portal;
  beforeAll(async () => {
    racePortal = await createPostgresTestApp(REAL_LIMITS, { mailTransport: mailbox.transport, clock });
  });
  afterAll(() => racePortal?.close());

  it('lets 20 wrong passwords through a burst of 40 from 40 addresses, then one of each burst when a wait ends', async () => {
    const { email } = await signedInStaffAs(racePortal.app, 'moderator');
    const burst = (size: number) =>
      Promise.all(Array.from({ length: size }, (_, i) => browser(racePortal).signIn(email, `wrong-password-${i}`))).then((answers) =>
        answers.map((answer) => answer.statusCode).sort(),
      );
    const first = await burst(40);
    expect(first).toEqual([...Array<number>(20).fill(401), ...Array<number>(20).fill(429)]);
    for (const seconds of [30, 60, 120]) {
      now += seconds * 1000;
      expect(await burst(10)).toEqual([401, ...Array<number>(9).fill(429)]);
    }
  });

  it('lets 5 wrong app codes through a burst of 20 from the password holder, then one when the wait ends', async () => {
    const finance = await financeWithTwoFactor(racePortal);
    const challenges = [];
    for (let i = 0; i < 20; i += 1) {
      const guesser = browser(racePortal);
      expect((await guesser.signIn(finance.email, PASSWORD)).json()).toMatchObject({ twoFactorRequired: true });
      challenges.push(guesser);
    }
    const answers = await Promise.all(challenges.map((guesser) => guesser.secondFactor('000000')));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([...Array<number>(5).fill(400), ...Array<number>(15).fill(429)]);
    now += MINUTE * 1000;
    const again = await Promise.all(challenges.slice(0, 10).map((guesser) => guesser.secondFactor('000000')));
    expect(again.map((answer) => answer.statusCode).sort()).toEqual([400, ...Array<number>(9).fill(429)]);
  });
});
