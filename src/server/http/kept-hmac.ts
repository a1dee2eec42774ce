import { createHmac, createSecretKey } from 'node:crypto';
import { LRUCache } from 'lru-cache';

/**
 * HMAC-SHA256 under `secret`, in base64url, for texts that come back request after request (a
 * session cookie's token, the binding of a CSRF token): the secret's key is made once, and the
 * answers for the last `keep` texts are kept. Making them was the largest part of a signed-in
 * read's own time after the socket's writes (issue 31: two HMACs a request, about a tenth of the
 * profile read's CPU).
 */
export function keptHmac(secret: string, { keep = 10_000 }: { keep?: number } = {}): (text: string) => string {
  const key = createSecretKey(Buffer.from(secret));
  const made = new LRUCache<string, string>({ max: keep });
  return (text) => {
    let mac = made.get(text);
    if (mac === undefined) {
      mac = createHmac('sha256', key).update(text).digest('base64url');
      made.set(text, mac);
    }
    return mac;
  };
}
