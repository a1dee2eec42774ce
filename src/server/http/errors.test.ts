import { Writable } from 'node:stream';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { expect, it } from 'vitest';
import { DependencyHealth } from '../dependencies.js';
import { z } from 'zod';
import { HttpError, logSerializers, registerErrorHandling } from './errors.js';
import { parseBody } from './parse.js';

async function answerFor(thrown: unknown, logger: FastifyServerOptions['logger'] = false) {
  const app = Fastify({ logger });
  registerErrorHandling(app, new DependencyHealth(app.log, { configured: ['database'] }));
  app.get('/boom', async () => {
    throw thrown;
  });
  const response = await app.inject({ method: 'GET', url: '/boom' });
  await app.close();
  return response;
}

it('answers an HttpError with its status and message', async () => {
  const response = await answerFor(new HttpError(409, 'Taken'));
  expect(response.statusCode).toBe(409);
  expect(response.json()).toEqual({ message: 'Taken' });
});

it('answers a multipart body refused by parseBody in the shape of a schema refusal: every field with its message', async () => {
  const schema = z.object({ title: z.string({ error: 'Title is required' }), guardian: z.object({ email: z.email({ error: 'Enter a valid email' }) }) });
  let refusal: unknown;
  try {
    parseBody(schema, { guardian: { email: 'no' } });
  } catch (error) {
    refusal = error;
  }
  const response = await answerFor(refusal);
  expect(response.statusCode).toBe(400);
  expect(response.json()).toEqual({
    message: 'Title is required',
    errors: [
      { field: 'title', message: 'Title is required' },
      { field: 'guardian.email', message: 'Enter a valid email' },
    ],
  });
});

it('answers a database restart with 503 and Retry-After, not 500', async () => {
  const terminated = Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
  const response = await answerFor(Object.assign(new Error('Failed query: insert ...'), { cause: terminated }));
  expect(response.statusCode).toBe(503);
  expect(response.headers['retry-after']).toBe('2');
  expect(response.json().message).toMatch(/briefly unavailable/);
});

it('hides the details of anything else behind a plain 500', async () => {
  const response = await answerFor(new Error('relation "users" does not exist at character 15'));
  expect(response.statusCode).toBe(500);
  expect(response.body).not.toMatch(/relation|users|character/);
});

it('logs a failed query without the values it was given', async () => {
  const lines: string[] = [];
  const stream = new Writable({ write: (chunk: Buffer, _encoding, done) => void (lines.push(chunk.toString()), done()) });
  const duplicate = Object.assign(new Error('duplicate key value violates unique constraint "users_email_unique"'), {
    code: '23505',
    detail: 'Key (email)=(ada.obi@example.com) already exists.',
  });
  const failed = new DrizzleQueryError('insert into "users" ("email", "full_name") values ($1, $2)', ['ada.obi@example.com', 'Ada Obi'], duplicate);
  const response = await answerFor(failed, { level: 'error', stream, serializers: logSerializers });
  expect(response.statusCode).toBe(500);
  const log = lines.join('');
  expect(log).toContain('request failed');
  expect(log).toContain('insert into \\"users\\"');
  expect(log).toContain('23505');
  expect(log).not.toMatch(/ada\.obi|Ada Obi/);
});

it('answers a request that outlives its timeout with 503 and Retry-After', async () => {
  const app = Fastify({ handlerTimeout: 100 });
  registerErrorHandling(app, new DependencyHealth(app.log, { configured: ['database'] }));
  app.get('/stuck', () => new Promise(() => {}));
  const response = await app.inject({ method: 'GET', url: '/stuck' });
  await app.close();
  expect(response.statusCode).toBe(503);
  expect(response.headers['retry-after']).toBe('2');
  expect(response.json().message).toMatch(/briefly unavailable/);
});
