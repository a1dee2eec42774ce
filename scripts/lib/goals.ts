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

  /** The goals not met or not measured: a run that judged nothing meets nothing. */
  shortfalls(): GoalRow[] {
    if (this.rows.length === 0) return [{ goal: 'any goal', measured: 'nothing was judged', verdict: 'could not measure' }];
    return this.rows.filter((row) => row.verdict !== 'met');
  }

  /** Prints the table, then sets the exit code: 1 when any goal is not met or could not be measured. */
  finish(): void {
    this.print();
    const short = this.shortfalls();
    if (short.length === 0) return;
    console.log(`\n${short.length} goal${short.length === 1 ? '' : 's'} not met or not measured: ${short.map((row) => row.goal).join('; ')}`);
    process.exitCode = 1;
  }
}

/**
 * Why a page measured at `requestedPath` is no measurement of it, or null when it is: the address
 * the browser ended on (a member page that sent the browser to /login scored /login) and the
 * document's status.
 */
export function pageProblem(requestedPath: string, finalUrl: string | undefined, status?: number): string | null {
  if (!finalUrl) return `${requestedPath}: no page loaded`;
  const landed = new URL(finalUrl);
  if (landed.pathname !== requestedPath) return `${requestedPath} ended on ${landed.pathname}`;
  if (status !== undefined && status !== 200) return `${requestedPath} answered ${status}`;
  return null;
}
