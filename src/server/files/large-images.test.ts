import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, pngBytes } from '../test-support/files.js';
import { createTestApp, signedUpMember } from '../test-support/test-app.js';

let portal: Awaited<ReturnType<typeof createTestApp>>;
/** 6000x4000 pixels (24 megapixels) of one colour: a few hundred KB that take seconds to decode. */
let large: Buffer;
let small: Buffer;

beforeAll(async () => {
  portal = await createTestApp({ RATE_LIMIT_LARGE_PHOTOS: '2' });
  large = await sharp({ create: { width: 6000, height: 4000, channels: 3, background: '#7a3' } })
    .jpeg()
    .toBuffer();
  small = await pngBytes();
});
afterAll(() => portal.close());

async function memberAt(address: string) {
  const { client, user } = await signedUpMember(portal.app);
  const send = (photo: Buffer, from = address) =>
    client.request(
      { method: 'PUT', url: '/api/users/profile', remoteAddress: from },
      { form: multipart({ phone: user.phone, title: 'Model' }, { profilePic: { data: photo, name: 'me.jpg' } }) },
    );
  return { send };
}

describe('very large photos', () => {
  it('are small in bytes, which alone would not limit them', () => {
    expect(large.length).toBeLessThan(1024 * 1024);
  });

  it('are limited an hour per account and per address, while smaller photos still go through', async () => {
    const ada = await memberAt('203.0.113.10');
    expect((await ada.send(large)).statusCode).toBe(200);
    expect((await ada.send(large)).statusCode).toBe(200);
    const third = await ada.send(large);
    expect(third.statusCode).toBe(429);
    expect(third.json().message).toBe(
      'Profile picture is a very large photo (over 16 megapixels), and too many were sent in the last hour. Send a smaller photo, or try again in an hour.',
    );
    expect((await ada.send(small)).statusCode).toBe(200);

    // The same account from another address, and another account from the same address.
    expect((await ada.send(large, '198.51.100.20')).statusCode).toBe(429);
    const bola = await memberAt('203.0.113.10');
    expect((await bola.send(large)).statusCode).toBe(429);
    // Someone else, elsewhere, is not held up.
    const chidi = await memberAt('192.0.2.30');
    expect((await chidi.send(large)).statusCode).toBe(200);
  });
});
