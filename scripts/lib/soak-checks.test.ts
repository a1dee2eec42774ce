import { describe, expect, it } from 'vitest';
import { compareTags, localCluster } from './soak-checks.js';

describe('compareTags', () => {
  it('finds a lost submission that a stored, unacknowledged one would hide in a total', () => {
    const result = compareTags(new Set(['a', 'b']), ['a', 'c']);
    expect(result).toEqual({ stored: 2, lost: ['b'], duplicated: 0, extra: 1 });
  });

  it('counts a submission stored twice', () => {
    expect(compareTags(new Set(['a', 'b']), ['a', 'b', 'b'])).toEqual({ stored: 3, lost: [], duplicated: 1, extra: 0 });
  });
});

describe('localCluster', () => {
  const clusters = () => [
    ['15', 'main', '5432', 'online'],
    ['16', 'soak', '5433', 'online'],
  ];

  it.each(['postgres://postgres@db.example.com:5432/postgres', 'postgres://postgres@10.0.0.5/postgres', 'postgres://postgres@192.168.1.10:5432/soak'])(
    'refuses a server that is not on loopback: %s',
    (url) => {
      expect(localCluster(url, clusters)).toEqual({ refused: expect.stringMatching(/^refusing to restart/) });
    },
  );

  it('picks the cluster listening on the URL port', () => {
    expect(localCluster('postgres://postgres@127.0.0.1:5433/postgres', clusters)).toEqual({ version: '16', name: 'soak' });
    expect(localCluster('postgres://postgres@[::1]/postgres', clusters)).toEqual({ version: '15', name: 'main' });
    expect(localCluster('postgres://postgres@localhost:6000/postgres', clusters)).toEqual({ refused: 'no local PostgreSQL cluster listens on port 6000' });
  });
});
