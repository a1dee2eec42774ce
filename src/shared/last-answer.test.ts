import { describe, expect, it } from 'vitest';
import { keepingLastAnswer } from './last-answer.js';

describe('keepingLastAnswer', () => {
  it('computes again only when the key changes', () => {
    const asked: string[] = [];
    const shout = keepingLastAnswer((word: string) => {
      asked.push(word);
      return word.toUpperCase();
    });
    expect([shout('a'), shout('a'), shout('b'), shout('a')]).toEqual(['A', 'A', 'B', 'A']);
    expect(asked).toEqual(['a', 'b', 'a']);
  });
});
