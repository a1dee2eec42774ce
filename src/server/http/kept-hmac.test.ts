import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { keptHmac } from './kept-hmac.js';

const hmacOf = (secret: string, text: string) => createHmac('sha256', secret).update(text).digest('base64url');

describe('keptHmac', () => {
  it('answers the HMAC-SHA256 of each text under its secret, asked once or again, past what it keeps', () => {
    const mac = keptHmac('a secret of the portal', { keep: 2 });
    for (const text of ['one', 'two', 'three', 'one', 'three', 'ünïcödé', '']) expect(mac(text), text).toBe(hmacOf('a secret of the portal', text));
  });

  it('keeps the answers of one secret apart from another’s', () => {
    const first = keptHmac('first secret');
    const second = keptHmac('second secret');
    expect(first('token')).toBe(hmacOf('first secret', 'token'));
    expect(second('token')).toBe(hmacOf('second secret', 'token'));
    expect(first('token')).not.toBe(second('token'));
  });
});
