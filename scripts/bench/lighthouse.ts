// Lighthouse's scores of pages, each page measured a few times.
import { pageProblem } from '../lib/goals.js';
import { CHROME_FLAGS, CHROMIUM, median } from './common.js';

export const LIGHTHOUSE_RUNS = 3;

/** Each page measured LIGHTHOUSE_RUNS times (scores move by a few points from run to run): the median and the range. */
export async function lighthouseScores(baseUrl: string, pages: { path: string; cookie?: string }[]) {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
  const rows = [];
  try {
    for (const target of pages) {
      const performance: number[] = [];
      const accessibility: number[] = [];
      const lcp: number[] = [];
      const hostIndex: number[] = [];
      let problem: string | null = null;
      // A run that fails to score (it happens now and then on a busy machine) is tried again, twice at most.
      for (let run = 0; run < LIGHTHOUSE_RUNS + 2 && performance.length < LIGHTHOUSE_RUNS; run++) {
        const result = await lighthouse(`${baseUrl}${target.path}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility'],
          extraHeaders: target.cookie ? { Cookie: target.cookie } : undefined,
        });
        // A member page that sent the browser to /login would score /login: no measurement of the page.
        problem = pageProblem(target.path, result?.lhr.finalDisplayedUrl);
        if (problem) break;
        const categories = result?.lhr.categories;
        // A run that produced no score (the page failed to load) is no measurement, not a zero.
        const scores = [categories?.performance?.score, categories?.accessibility?.score];
        if (scores.some((score) => typeof score !== 'number')) continue;
        performance.push(Math.round(scores[0]! * 100));
        accessibility.push(Math.round(scores[1]! * 100));
        lcp.push(result!.lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN);
        hostIndex.push(result!.lhr.environment.benchmarkIndex);
      }
      performance.sort((a, b) => a - b);
      rows.push({
        page: target.path,
        measured: !problem && performance.length === LIGHTHOUSE_RUNS,
        problem,
        performance: performance[Math.floor(performance.length / 2)] ?? 0,
        performanceRange: `${performance[0] ?? '-'}–${performance.at(-1) ?? '-'}`,
        accessibility: Math.min(...accessibility),
        lcpMs: median(lcp),
        hostIndex: median(hostIndex),
      });
    }
  } finally {
    await chrome.kill();
  }
  return rows;
}

export const unscoredWhy = (row: { page: string; problem: string | null }) => row.problem ?? row.page;
