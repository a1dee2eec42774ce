import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors.js';

/** PostgreSQL refuses a NUL byte in text and a lone surrogate in JSON; neither is typed by a person. */
function storable(text: string): boolean {
  return !text.includes('\u0000') && !/\p{Surrogate}/u.test(text);
}

/** Whether any string in `value`, a key or a value at any depth, could not be stored. */
function hasUnstorableText(value: unknown): boolean {
  // A loop, not recursion: a 1 MB JSON body can nest deeper than the call stack.
  const pending = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item === 'string') {
      if (!storable(item)) return true;
    } else if (item && typeof item === 'object') {
      for (const [key, child] of Object.entries(item)) {
        if (!storable(key)) return true;
        pending.push(child);
      }
    }
  }
  return false;
}

/** Throws the one 400 for text that cannot be stored; multipart fields, read by the handler, come here too. */
export function assertStorableText(value: unknown): void {
  if (hasUnstorableText(value)) throw badRequest('The request contains a character that is not allowed (a NUL byte or a broken Unicode character).');
}

/**
 * Checks every route's path parameters, query string and parsed body before its own
 * validation, so no route can forget it and no such string reaches a query.
 */
export function registerStorableTextCheck(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    assertStorableText(request.params);
    assertStorableText(request.query);
    assertStorableText(request.body);
  });
}
