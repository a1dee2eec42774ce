import os from 'node:os';

/**
 * How much slower than an idle machine this one will likely run the tests: the load per core when
 * the run starts, from 1 (idle) up to 4. Every test, hook and journey time budget is multiplied
 * by it, so a busy shared machine gets more time instead of failing at a fixed limit.
 * TEST_TIME_FACTOR sets it by hand.
 */
function timeFactor(): number {
  const forced = Number(process.env.TEST_TIME_FACTOR);
  if (forced > 0) return forced;
  const perCore = os.loadavg()[0]! / os.availableParallelism();
  return Math.min(4, Math.max(1, Math.round(perCore * 10) / 10));
}

export const machineTimeFactor = timeFactor();

/** A time budget in milliseconds, scaled by the machine's load. */
export function machineBudget(ms: number): number {
  return Math.round(ms * machineTimeFactor);
}
