import { eq } from 'drizzle-orm';
import { generate, generateSecret } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, twoFactor, users } from '../db/schema.js';
import { TestMailbox } from '../test-support/mailbox.js';
import { createTestApp, PASSWORD, signedUpMember, signupFields, STAFF, TestClient } from '../test-support/test-app.js';

let portal: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  portal = await createTestApp();
});
afterAll(() => portal.close());

describe('signup', () => {
  it('creates the member, signs them in and answers the user without secrets', async () => {
    const client = new TestClient(portal.app);
    const fields = signupFields({ email: 'New.Member@Example.com' });
    const response = await client.post('/api/users/signup', { json: fields });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.message).toBe('Signed up successfully!');
    expect(body.user).toMatchObject({ email: 'new.member@example.com', status: false, role: 'member', fullName: 'Chioma Okafor' });
    expect(body.user.phone).toMatch(/^\+234\d{10}$/);
    expect(JSON.stringify(body)).not.toMatch(/password|hash|argon|session/i);
    expect(client.cookie('sid')).toBeTruthy();
    const profile = await client.get('/api/users/profile');
    expect(profile.statusCode).toBe(200);
    expect(profile.json().user.id).toBe(body.user.id);
  });

  it('accepts fullName in place of name', async () => {
    const { name, ...rest } = signupFields();
    const response = await new TestClient(portal.app).post('/api/users/signup', { json: { ...rest, fullName: name } });
    expect(response.statusCode).toBe(201);
  });

  it('refuses different passwords with the spec text', async () => {
    const response = await new TestClient(portal.app).post('/api/users/signup', {
      json: signupFields({ confirmPassword: 'something-else-1' }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Passwords do not match');
  });

  it.each([
    ['name', 'Full name is required'],
    ['email', 'Email is required'],
    ['phone', 'Phone is required'],
    ['dob', 'Date of birth is required'],
    ['maritalStatus', 'Marital status must be one of the listed options'],
    ['countryOfOrigin', 'Country of origin is required'],
    ['stateOfOrigin', 'State of origin is required'],
    ['industry', 'Industry must be one of the listed options'],
    ['occupation', 'Occupation is required'],
    ['address', 'Address is required'],
    ['password', 'Password is required'],
    ['acceptTerms', 'You must agree to the privacy policy and terms'],
  ])('names the missing field %s', async (field, message) => {
    const fields = signupFields();
    delete fields[field];
    const response = await new TestClient(portal.app).post('/api/users/signup', { json: fields });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it.each([
    [{ email: 'not-an-email' }, 'Email must be a valid email address'],
    [{ phone: '12345' }, 'Phone must be a valid phone number'],
    [{ dob: '1990-13-45' }, 'Date of birth must be a valid date'],
    [{ dob: '1900-01-01' }, 'Date of birth must give an age between 1 and 75'],
    [{ stateOfOrigin: 'Atlantis' }, 'State of origin must be one of the 36 states or the FCT'],
    [{ password: 'short', confirmPassword: 'short' }, 'Password must be at least 8 characters'],
    [{ acceptTerms: false }, 'You must agree to the privacy policy and terms'],
  ])('refuses malformed %o', async (override, message) => {
    const response = await new TestClient(portal.app).post('/api/users/signup', { json: signupFields(override) });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it('lets a member from abroad give any state', async () => {
    const response = await new TestClient(portal.app).post('/api/users/signup', {
      json: signupFields({ countryOfOrigin: 'Ghana', stateOfOrigin: 'Greater Accra' }),
    });
    expect(response.statusCode).toBe(201);
  });

  it('answers 409 for an email or phone already registered, in any spelling', async () => {
    const { fields } = await signedUpMember(portal.app);
    const sameEmail = await new TestClient(portal.app).post('/api/users/signup', {
      json: signupFields({ email: String(fields.email).toUpperCase() }),
    });
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json().message).toMatch(/email/);
    const samePhone = await new TestClient(portal.app).post('/api/users/signup', {
      json: signupFields({ phone: `+234${String(fields.phone).slice(1)}` }),
    });
    expect(samePhone.statusCode).toBe(409);
    expect(samePhone.json().message).toMatch(/phone/);
  });
});

describe('login', () => {
  it.each([
    ['email', (f: Record<string, unknown>) => String(f.email).toUpperCase()],
    ['local phone', (f: Record<string, unknown>) => String(f.phone)],
    ['+234 phone', (f: Record<string, unknown>) => `+234${String(f.phone).slice(1)}`],
  ])('finds the account by %s in either field', async (_label, identify) => {
    const { fields } = await signedUpMember(portal.app);
    const client = new TestClient(portal.app);
    const id = identify(fields);
    const response = await client.post('/api/users/login', { json: { email: id, phone: id, password: PASSWORD } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ message: 'Logged in successfully!', user: { email: fields.email } });
    expect((await client.get('/api/users/profile')).statusCode).toBe(200);
  });

  it('refuses a wrong password and an unknown account alike', async () => {
    const { fields } = await signedUpMember(portal.app);
    const wrong = await new TestClient(portal.app).post('/api/users/login', { json: { email: fields.email, password: 'wrong-password' } });
    const unknown = await new TestClient(portal.app).post('/api/users/login', { json: { email: 'nobody@example.com', password: 'wrong-password' } });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().message).toBe(unknown.json().message);
  });

  it('asks for both fields', async () => {
    const response = await new TestClient(portal.app).post('/api/users/login', { json: { email: '', password: '' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Please fill in all fields.');
  });

  it('rotates the session: a new token at login, the old one ends', async () => {
    const { client, fields } = await signedUpMember(portal.app);
    const before = client.cookie('sid');
    await client.post('/api/users/login', { json: { email: fields.email, password: PASSWORD } });
    const after = client.cookie('sid');
    expect(after).toBeTruthy();
    expect(after).not.toBe(before);
    const stale = new TestClient(portal.app);
    stale.setCookie('sid', before);
    expect((await stale.get('/api/users/profile')).statusCode).toBe(401);
  });

  it('never stores the token itself', async () => {
    const { client, user } = await signedUpMember(portal.app);
    const rows = await portal.app.ctx.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.id).not.toBe(client.cookie('sid'));
  });
});

describe('logout and sessions', () => {
  it('ends the session on the server', async () => {
    const { client } = await signedUpMember(portal.app);
    const token = client.cookie('sid');
    const response = await client.post('/api/users/logout');
    expect(response.statusCode).toBe(200);
    expect(client.cookie('sid')).toBeUndefined();
    const replay = new TestClient(portal.app);
    replay.setCookie('sid', token);
    expect((await replay.get('/api/users/profile')).statusCode).toBe(401);
  });

  it('answers 401 to a signed-out profile request', async () => {
    const response = await new TestClient(portal.app).get('/api/users/profile');
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBeTruthy();
  });

  it('lets a session expire', async () => {
    const { client, user } = await signedUpMember(portal.app);
    await portal.app.ctx.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, user.id));
    expect((await client.get('/api/users/profile')).statusCode).toBe(401);
  });

  it('stores the password only as an argon2id hash', async () => {
    const { user } = await signedUpMember(portal.app);
    const [row] = await portal.app.ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
  });
});

describe('CSRF', () => {
  it('sets the XSRF-TOKEN cookie on the first GET', async () => {
    const client = new TestClient(portal.app);
    await client.get('/api/users/profile');
    expect(client.cookie('XSRF-TOKEN')).toMatch(/^[\w-]{20,}$/);
  });

  it('gives the page a token it can read and keeps the value it is bound to from scripts, both site-wide and Lax', async () => {
    const first = await portal.app.inject({ method: 'GET', url: '/api/users/profile' });
    const cookies = first.cookies as { name: string; path?: string; sameSite?: string; httpOnly?: boolean; secure?: boolean }[];
    expect(cookies.map((c) => c.name).sort()).toEqual(['XSRF-TOKEN', 'presession']);
    const named = (name: string) => cookies.find((c) => c.name === name);
    expect(named('XSRF-TOKEN')).toMatchObject({ path: '/', sameSite: 'Lax' });
    expect(named('XSRF-TOKEN')!.httpOnly).toBeFalsy();
    expect(named('presession')).toMatchObject({ path: '/', sameSite: 'Lax', httpOnly: true });
    // Plain HTTP in development: a Secure cookie would never come back.
    expect(cookies.every((c) => !c.secure)).toBe(true);
  });

  it('sets the cookies only while the browser does not hold them: its next answer sets none', async () => {
    const client = new TestClient(portal.app);
    await client.get('/api/users/profile');
    const again = await portal.app.inject({
      method: 'GET',
      url: '/api/users/profile',
      headers: { cookie: `presession=${client.cookie('presession')}; XSRF-TOKEN=${client.cookie('XSRF-TOKEN')}` },
    });
    expect(again.headers['set-cookie']).toBeUndefined();
  });

  it('refuses a token the client chose itself, even sent as cookie and header alike', async () => {
    const chosen = await portal.app.inject({
      method: 'POST',
      url: '/api/users/login',
      headers: { cookie: 'XSRF-TOKEN=chosen-by-me; presession=also-mine', 'x-xsrf-token': 'chosen-by-me', 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'someone@example.com', password: 'whatever-1' }),
    });
    expect(chosen.statusCode).toBe(403);
  });

  it('ties the token to the session: another browser’s token is refused, and signing in issues a new one', async () => {
    const { fields } = await signedUpMember(portal.app);
    const mine = new TestClient(portal.app);
    const theirs = new TestClient(portal.app);
    await mine.get('/api/users/profile');
    await theirs.get('/api/users/profile');
    const before = mine.cookie('XSRF-TOKEN')!;
    expect(theirs.cookie('XSRF-TOKEN')).not.toBe(before);

    const jar = (client: TestClient) =>
      ['sid', 'presession', 'XSRF-TOKEN'].flatMap((name) => (client.cookie(name) ? [`${name}=${client.cookie(name)}`] : [])).join('; ');
    const sendWith = (client: TestClient, token: string, method: 'POST' | 'PUT', url: string, json: unknown) =>
      portal.app.inject({
        method,
        url,
        headers: { cookie: jar(client), 'x-xsrf-token': token, 'content-type': 'application/json' },
        payload: JSON.stringify(json),
      });
    expect((await sendWith(mine, theirs.cookie('XSRF-TOKEN')!, 'POST', '/api/users/login', { email: fields.email, password: PASSWORD })).statusCode).toBe(403);

    expect((await mine.post('/api/users/login', { json: { email: fields.email, password: PASSWORD } })).statusCode).toBe(200);
    expect(mine.cookie('XSRF-TOKEN')).not.toBe(before);
    expect((await sendWith(mine, before, 'PUT', '/api/users/profile', { title: 'x' })).statusCode).toBe(403);
    expect((await mine.post('/api/users/logout')).statusCode).toBe(200);
    expect((await mine.post('/api/users/login', { json: { email: fields.email, password: PASSWORD } })).statusCode).toBe(200);
  });

  it('sets no cookie on an answer a shared cache may keep', async () => {
    const site = await portal.app.inject({ method: 'GET', url: '/api/site' });
    expect(site.headers['cache-control']).toBe('public, no-cache');
    expect(site.headers['set-cookie']).toBeUndefined();
  });

  it('uses __Host- cookies in production, and the client that echoes that token gets through', async () => {
    const production = await createTestApp(
      { NODE_ENV: 'production', SMTP_URL: 'smtp://127.0.0.1:9', PUBLIC_URL: 'https://portal.example.ng' },
      { mailTransport: new TestMailbox().transport },
    );
    try {
      const first = await production.app.inject({ method: 'GET', url: '/api/users/profile' });
      const cookies = first.cookies as { name: string; value: string; secure?: boolean; path?: string; domain?: string }[];
      expect(cookies.map((c) => c.name).sort()).toEqual(['__Host-XSRF-TOKEN', '__Host-presession']);
      for (const c of cookies) {
        expect(c).toMatchObject({ secure: true, path: '/' });
        expect(c.domain).toBeUndefined();
      }
      const jar = cookies.map((c) => `${c.name}=${c.value}`).join('; ');
      const token = cookies.find((c) => c.name === '__Host-XSRF-TOKEN')!.value;
      const fields = signupFields();
      const signup = await production.app.inject({
        method: 'POST',
        url: '/api/users/signup',
        headers: { cookie: jar, 'x-xsrf-token': token },
        payload: fields,
      });
      expect(signup.statusCode).toBe(201);
      const signedIn = signup.cookies as { name: string; secure?: boolean; httpOnly?: boolean; path?: string; domain?: string }[];
      expect(signedIn.map((c) => c.name).sort()).toEqual(['__Host-XSRF-TOKEN', '__Host-known', '__Host-sid']);
      // The mark of a browser that signed in (auth/known-browsers.ts): this origin's, over HTTPS, out of the page's reach.
      const known = signedIn.find((c) => c.name === '__Host-known');
      expect(known).toMatchObject({ secure: true, httpOnly: true, path: '/' });
      expect(known?.domain).toBeUndefined();
    } finally {
      await production.close();
    }
  });

  it('names the second-factor cookie __Host- in production too, and signs in with it', async () => {
    const production = await createTestApp(
      { NODE_ENV: 'production', SMTP_URL: 'smtp://127.0.0.1:9', PUBLIC_URL: 'https://portal.example.com' },
      { mailTransport: new TestMailbox().transport },
    );
    try {
      const [staff] = await production.app.ctx.db.select({ id: users.id }).from(users).where(eq(users.email, STAFF.email));
      const secret = generateSecret();
      await production.app.ctx.db.insert(twoFactor).values({ userId: staff!.id, secret, enabledAt: new Date() });
      const first = await production.app.inject({ method: 'GET', url: '/api/users/profile' });
      const cookies = first.cookies as { name: string; value: string }[];
      const token = cookies.find((c) => c.name === '__Host-XSRF-TOKEN')!.value;
      const jar = cookies.map((c) => `${c.name}=${c.value}`).join('; ');
      const login = await production.app.inject({
        method: 'POST',
        url: '/api/users/login',
        headers: { cookie: jar, 'x-xsrf-token': token },
        payload: { email: STAFF.email, password: STAFF.password },
      });
      expect(login.json()).toMatchObject({ twoFactorRequired: true });
      // The challenge cookie is not a session: the browser keeps the token it holds.
      expect((login.cookies as { name: string }[]).map((c) => c.name)).toEqual(['__Host-sid2fa']);
      const challenge = (login.cookies as { name: string; value: string; secure?: boolean; path?: string; domain?: string }[]).find((c) =>
        c.name.includes('sid2fa'),
      );
      expect(challenge).toMatchObject({ name: '__Host-sid2fa', secure: true, path: '/' });
      expect(challenge!.domain).toBeUndefined();
      const code = await generate({ secret });
      const second = await production.app.inject({
        method: 'POST',
        url: '/api/users/login/2fa',
        headers: { cookie: `${jar}; __Host-sid2fa=${challenge!.value}`, 'x-xsrf-token': token },
        payload: { code },
      });
      expect(second.statusCode, second.body).toBe(200);
      expect((second.cookies as { name: string }[]).map((c) => c.name)).toContain('__Host-sid');
    } finally {
      await production.close();
    }
  });

  it.each([
    'POST /api/users/signup',
    'POST /api/users/login',
    'POST /api/users/logout',
    'PUT /api/users/profile',
    'DELETE /api/users/terminate',
    'POST /api/contact',
  ])('refuses %s without a matching header', async (route) => {
    const [method, url] = route.split(' ') as [string, string];
    const missing = await portal.app.inject({ method: method as 'POST', url, payload: {} });
    expect(missing.statusCode).toBe(403);
    const client = new TestClient(portal.app);
    await client.get('/api/users/profile');
    const mismatched = await portal.app.inject({
      method: method as 'POST',
      url,
      headers: { cookie: `XSRF-TOKEN=${client.cookie('XSRF-TOKEN')}`, 'x-xsrf-token': 'forged' },
      payload: {},
    });
    expect(mismatched.statusCode).toBe(403);
    expect(mismatched.json().message).toMatch(/security token/);
  });
});

describe('errors', () => {
  it('answers unknown API paths with JSON 404', async () => {
    const response = await new TestClient(portal.app).get('/api/no-such-thing');
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBeTruthy();
  });

  it('answers broken JSON with 400 and no stack', async () => {
    const client = new TestClient(portal.app);
    const response = await client.request({ method: 'POST', url: '/api/users/signup', headers: { 'content-type': 'application/json' }, payload: '{"email": ' });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json())).toEqual(['message']);
    expect(response.body).not.toMatch(/at .*\.js|node_modules/);
  });
});

describe('rate limits', () => {
  it('stops a burst of wrong passwords with 429 and a message', async () => {
    const limited = await createTestApp({ RATE_LIMIT_LOGIN: '5' });
    try {
      const { fields } = await signedUpMember(limited.app);
      const client = new TestClient(limited.app);
      const statuses: number[] = [];
      for (let i = 0; i < 7; i++) {
        const response = await client.post('/api/users/login', { json: { email: fields.email, password: `guess-${i}-wrong` } });
        statuses.push(response.statusCode);
        if (response.statusCode === 429) expect(response.json().message).toMatch(/Too many attempts/);
      }
      expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
      expect(statuses.slice(5)).toEqual([429, 429]);
      // Another account from the same address is not locked out.
      const other = await signedUpMember(limited.app);
      const ok = await client.post('/api/users/login', { json: { email: other.fields.email, password: PASSWORD } });
      expect(ok.statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('counts wrong passwords per account however the phone number is spelt: limited per address, slowed across addresses', async () => {
    const limited = await createTestApp({ RATE_LIMIT_LOGIN: '5' });
    try {
      const { fields } = await signedUpMember(limited.app);
      const phone = String(fields.phone);
      const client = new TestClient(limited.app);
      const login = (identifier: string, password: string, address = '10.1.1.1') =>
        client.request({ method: 'POST', url: '/api/users/login', remoteAddress: address }, { json: { email: identifier, phone: identifier, password } });
      for (let i = 0; i < 5; i++) expect((await login(phone, `wrong-${i}-guess`)).statusCode).toBe(401);
      const spellings = [
        `+234${phone.slice(1)}`,
        `${phone.slice(0, 4)} ${phone.slice(4, 7)} ${phone.slice(7)}`,
        `${phone.slice(0, 4)}-${phone.slice(4)}`,
        `(${phone.slice(0, 4)}) ${phone.slice(4)}`,
      ];
      for (const spelt of spellings) expect((await login(spelt, PASSWORD)).statusCode).toBe(429);
      // Other addresses each get their own count, and together add to the account's run: past 20 in a row, tries wait (auth/wrong-guesses.ts).
      for (let i = 0; i < 15; i++) expect((await login(spellings[i % 4]!, `wrong-again-${i}`, `10.2.${i}.2`)).statusCode).toBe(401);
      const waiting = await login(phone, PASSWORD, '10.5.5.5');
      expect([waiting.statusCode, waiting.headers['retry-after']]).toEqual([429, '30']);
    } finally {
      await limited.close();
    }
  });

  it('limits signups from one address', async () => {
    const limited = await createTestApp({ RATE_LIMIT_SIGNUP: '2' });
    try {
      const client = new TestClient(limited.app);
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await client.post('/api/users/signup', { json: signupFields() })).statusCode);
      expect(statuses).toEqual([201, 201, 429]);
    } finally {
      await limited.close();
    }
  });

  it('lets a hundred people sign up from one address within the window by default (a registration drive)', async () => {
    const defaults = await createTestApp({ RATE_LIMIT_SIGNUP: '', RATE_LIMIT_SIGNUP_CONTACT: '' });
    try {
      const statuses = [];
      for (let i = 0; i < 100; i++) statuses.push((await new TestClient(defaults.app).post('/api/users/signup', { json: signupFields() })).statusCode);
      expect(statuses).toEqual(Array(100).fill(201));
    } finally {
      await defaults.close();
    }
  });

  it('limits "already exists" answers from one address like the password-reset request, whichever contacts are tried', async () => {
    const limited = await createTestApp({ RATE_LIMIT_CODES: '3' });
    try {
      const client = new TestClient(limited.app);
      const signupFrom = async (address: string, fields: Record<string, unknown>) =>
        (await client.request({ method: 'POST', url: '/api/users/signup', remoteAddress: address }, { json: fields })).statusCode;
      const registered = await Promise.all([1, 2, 3, 4].map(() => signedUpMember(limited.app)));
      const probes = [];
      for (const member of registered) probes.push(await signupFrom('10.9.0.1', signupFields({ email: member.user.email })));
      expect(probes).toEqual([409, 409, 409, 429]);
      expect(await signupFrom('10.9.0.2', signupFields({ email: registered[0]!.user.email }))).toBe(409);
      // A new member from the probing address still signs up.
      expect(await signupFrom('10.9.0.1', signupFields())).toBe(201);
    } finally {
      await limited.close();
    }
  });

  it('limits sign-ups retrying one email or one phone number, from any address', async () => {
    const defaults = await createTestApp({ RATE_LIMIT_SIGNUP: '', RATE_LIMIT_SIGNUP_CONTACT: '' });
    try {
      const client = new TestClient(defaults.app);
      const signupFrom = async (address: string, fields: Record<string, unknown>) =>
        (await client.request({ method: 'POST', url: '/api/users/signup', remoteAddress: address }, { json: fields })).statusCode;
      const taken = signupFields();
      expect(await signupFrom('10.0.0.1', taken)).toBe(201);
      const sameEmail = [];
      for (let i = 2; i < 7; i++) sameEmail.push(await signupFrom(`10.0.0.${i}`, signupFields({ email: taken.email })));
      expect(sameEmail).toEqual([409, 409, 409, 409, 429]);
      const samePhone = [];
      for (let i = 2; i < 7; i++) samePhone.push(await signupFrom(`10.0.1.${i}`, signupFields({ phone: taken.phone })));
      expect(samePhone).toEqual([409, 409, 409, 409, 429]);
    } finally {
      await defaults.close();
    }
  });
});
