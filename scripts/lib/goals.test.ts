import { describe, expect, it } from 'vitest';
import { Goals, type LoadResult, pageProblem, shareOf } from './goals.js';

const run = (name: string, rps: number, errors = 0): LoadResult => ({ name, rps, p99: 5, errors });
const verdictOf = (goals: Goals) => goals.rows.map((row) => row.verdict);

describe('the benchmark goals', () => {
  const atLeastAFifth = (goals: Goals, bare: LoadResult, profile: LoadResult) =>
    goals.checkRuns('a fifth of bare', [bare, profile], () => ({ measured: shareOf(profile, bare), met: profile.rps / bare.rps >= 0.2 }));

  it('are met or not on a real measurement', () => {
    const goals = new Goals();
    atLeastAFifth(goals, run('bare', 10_000), run('profile', 3_000));
    atLeastAFifth(goals, run('bare', 10_000), run('profile', 1_000));
    expect(verdictOf(goals)).toEqual(['met', 'NOT MET']);
    expect(goals.rows[0]?.measured).toBe('30.0%');
  });

  it('cannot be measured, never met, when the baseline never answered', () => {
    const goals = new Goals();
    atLeastAFifth(goals, run('bare', 0, 120), run('profile', 3_000));
    expect(goals.rows).toEqual([{ goal: 'a fifth of bare', measured: 'bare answered nothing', verdict: 'could not measure' }]);
    expect(shareOf(run('profile', 3_000), run('bare', 0))).toBe('n/a');
  });

  it('cannot be measured when the baseline or the measured run had errors', () => {
    const goals = new Goals();
    atLeastAFifth(goals, run('bare', 10_000, 3), run('profile', 3_000));
    atLeastAFifth(goals, run('bare', 10_000), run('profile', 3_000, 1));
    expect(verdictOf(goals)).toEqual(['could not measure', 'could not measure']);
    expect(goals.rows.map((row) => row.measured)).toEqual(['bare had 3 errors', 'profile had 1 error']);
  });

  it('cannot be measured when a run answered nothing and counted no error', () => {
    const goals = new Goals();
    goals.checkRuns('p99', [run('profile', Number.NaN)], () => ({ measured: 'every call', met: true }));
    expect(verdictOf(goals)).toEqual(['could not measure']);
  });
});

describe('the run as a whole', () => {
  it('falls short when any goal is not met or not measured, or when nothing was judged', () => {
    const goals = new Goals();
    expect(goals.shortfalls().map((row) => row.measured)).toEqual(['nothing was judged']);
    goals.check('fast', '10 ms', true);
    expect(goals.shortfalls()).toEqual([]);
    goals.check('small', '114 KB', false);
    goals.cannotMeasure('scored', 'no score');
    expect(goals.shortfalls().map((row) => row.goal)).toEqual(['small', 'scored']);
  });

  it('exits 1 when a goal falls short, 0 when every one is met', () => {
    const before = process.exitCode;
    try {
      const met = new Goals();
      met.check('fast', '10 ms', true);
      process.exitCode = 0;
      met.finish();
      expect(process.exitCode).toBe(0);
      const short = new Goals();
      short.check('small', '114 KB', false);
      short.finish();
      expect(process.exitCode).toBe(1);
    } finally {
      process.exitCode = before;
    }
  });
});

describe('a page measured', () => {
  it('is the page asked for, loaded with 200', () => {
    expect(pageProblem('/profile', 'http://127.0.0.1:3000/profile', 200)).toBeNull();
    expect(pageProblem('/profile', 'http://127.0.0.1:3000/profile')).toBeNull();
  });

  it('is no measurement when the browser ended elsewhere, the page failed, or nothing loaded', () => {
    expect(pageProblem('/profile', 'http://127.0.0.1:3000/login?next=%2Fprofile', 200)).toBe('/profile ended on /login');
    expect(pageProblem('/', 'http://127.0.0.1:3000/', 500)).toBe('/ answered 500');
    expect(pageProblem('/', undefined)).toBe('/: no page loaded');
  });
});
