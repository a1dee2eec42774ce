/** The benchmark's goals and how each is judged: only a real measurement can meet one. */

export interface LoadResult {
  name: string;
  rps: number;
  p99: number;
  errors: number;
}

export type Verdict = 'met' | 'NOT MET' | 'could not measure';

export interface GoalRow {
  goal: string;
  measured: string;
  verdict: Verdict;
}

/** Why a load run measured nothing worth judging (it answered nothing, or with errors), or null when it did. */
export function unmeasured(run: LoadResult): string | null {
  if (!(run.rps > 0)) return `${run.name} answered nothing`;
  if (run.errors > 0) return `${run.name} had ${run.errors} error${run.errors === 1 ? '' : 's'}`;
  return null;
}

/** A run's rate as a share of the baseline's, or "n/a" when the baseline answered nothing. */
export function shareOf(run: LoadResult, baseline: LoadResult): string {
  return baseline.rps > 0 ? `${((run.rps / baseline.rps) * 100).toFixed(1)}%` : 'n/a';
}

export class Goals {
  readonly rows: GoalRow[] = [];

  check(goal: string, measured: string, met: boolean): void {
    this.rows.push({ goal, measured, verdict: met ? 'met' : 'NOT MET' });
  }

  cannotMeasure(goal: string, why: string): void {
    this.rows.push({ goal, measured: why, verdict: 'could not measure' });
  }

  /** Judged only when every run it rests on (the baseline included) answered, without errors. */
  checkRuns(goal: string, runs: LoadResult[], judge: () => { measured: string; met: boolean }): void {
    const problems = runs.map(unmeasured).filter((why): why is string => why !== null);
    if (problems.length > 0) return this.cannotMeasure(goal, problems.join('; '));
    const { measured, met } = judge();
    this.check(goal, measured, met);
  }

  print(): void {
    console.log('\n| goal | measured | |\n|---|---|---|');
    for (const row of this.rows) console.log(`| ${row.goal} | ${row.measured} | ${row.verdict} |`);
  }
}
