import { describe, expect, it } from 'vitest';
import { safeReturnPath, withReturnTo } from './return-to';

describe('safeReturnPath', () => {
  it('keeps a path on this site with its query and fragment', () => {
    expect(safeReturnPath('/user/fees?plan=standard')).toBe('/user/fees?plan=standard');
    expect(safeReturnPath('/admin/members')).toBe('/admin/members');
    expect(safeReturnPath('/talent/12#work')).toBe('/talent/12#work');
  });

  it.each([
    ['another host', '//evil.com'],
    ['another host with a path', '//evil.com/login'],
    ['a backslash the browser reads as a slash', '/\\evil.com'],
    ['a tab the browser drops', '/\t/evil.com'],
    ['a newline the browser drops', '/\n/evil.com'],
    ['an absolute address', 'https://evil.com/profile'],
    ['a script', 'javascript:alert(1)'],
    ['a relative path', 'profile'],
    ['nothing', ''],
  ])('refuses %s', (_what, raw) => {
    expect(safeReturnPath(raw)).toBeUndefined();
  });

  it('refuses a missing target', () => {
    expect(safeReturnPath(null)).toBeUndefined();
    expect(safeReturnPath(undefined)).toBeUndefined();
  });
});

describe('withReturnTo', () => {
  it('puts the target in the query, escaped, and leaves the path alone without one', () => {
    expect(withReturnTo('/login', '/user/fees?plan=standard')).toBe('/login?next=%2Fuser%2Ffees%3Fplan%3Dstandard');
    expect(withReturnTo('/login', undefined)).toBe('/login');
  });
});
