/**
 * What this process has done since it started, for /metrics: mail delivered or not, and when the
 * scheduled jobs last succeeded. Counted in memory per process; with PROCESSES > 1 the primary adds
 * the processes' counts up (http/metrics.ts).
 */
export class Tallies {
  readonly mail = { sent: 0, failed: 0, dead: 0 };
  /** Unix seconds of the last run of each job that went through without an error, in this process. */
  readonly lastSuccess: { housekeeping?: number; reminders?: number } = {};

  mailOutcome(outcome: 'sent' | 'retry' | 'dead'): void {
    if (outcome === 'sent') this.mail.sent++;
    else {
      this.mail.failed++;
      if (outcome === 'dead') this.mail.dead++;
    }
  }

  succeeded(job: 'housekeeping' | 'reminders', at: Date = new Date()): void {
    this.lastSuccess[job] = at.getTime() / 1000;
  }
}
