import Fastify from 'fastify';
import { expect, it } from 'vitest';
import { HttpError, registerErrorHandling } from './errors.js';

async function answerFor(thrown: unknown) {
  const app = Fastify({ logger: false });
  registerErrorHandling(app);
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
