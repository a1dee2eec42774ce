// `node scripts/mutate-report.mjs [file...]`: the mutation score of each rule file from its last run
// (reports/mutation/<file>.json, the incremental file scripts/mutate.mjs gives Stryker, a
// mutation-testing-report-schema JSON report). Score = detected / (detected + undetected), as
// Stryker counts it: killed and timeout are detected; survived and no coverage are not; ignored
// (a `// Stryker disable` comment with its reason) and static mutants do not count.
// --survivors lists each undetected mutant with its line and replacement.
import { existsSync, readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { RULE_FILES } from '../stryker.config.mjs';

/**
 * The rule files that have the same tests, each list of them one Stryker run: the run's dry run
 * (every test once, with coverage) and its start are paid once for them all.
 */
export function ruleGroups(ruleFiles = RULE_FILES) {
  const groups = new Map();
  for (const [file, tests] of Object.entries(ruleFiles)) {
    const key = [...tests].sort().join(',');
    groups.set(key, [...(groups.get(key) ?? []), file]);
  }
  return [...groups].map(([tests, files]) => ({ files, tests }));
}

/** The results file of a rule file's group, named by the group's first file. */
export function reportFileFor(file) {
  const first = ruleGroups().find((group) => group.files.includes(file))?.files[0] ?? file;
  return `reports/mutation/${first.replace(/^src\//, '').replaceAll('/', '__')}.json`;
}

function main() {
  const args = process.argv.slice(2);
  const survivors = args.includes('--survivors');
  const picks = args.filter((arg) => !arg.startsWith('-'));
  const files = Object.keys(RULE_FILES).filter((file) => picks.length === 0 || picks.some((pick) => file.includes(pick)));
  const rows = [];
  const undetected = [];
  for (const file of files) {
    const reportFile = reportFileFor(file);
    if (!existsSync(reportFile)) {
      rows.push([file, '-', '-', '-', '-', '-', 'not run']);
      continue;
    }
    const report = JSON.parse(readFileSync(reportFile, 'utf8'));
    const mutants = Object.entries(report.files)
      .filter(([name]) => name.endsWith(file))
      .flatMap(([, entry]) => entry.mutants);
    const count = (status) => mutants.filter((mutant) => mutant.status === status).length;
    const killed = count('Killed');
    const survived = count('Survived');
    const noCoverage = count('NoCoverage');
    const timeout = count('Timeout');
    const ignored = count('Ignored');
    const detected = killed + timeout;
    const valid = detected + survived + noCoverage;
    rows.push([file, killed, survived, noCoverage, timeout, ignored, valid === 0 ? 'n/a' : `${((100 * detected) / valid).toFixed(1)}%`]);
    for (const mutant of mutants.filter((m) => m.status === 'Survived' || m.status === 'NoCoverage')) {
      undetected.push(
        `${file}:${mutant.location.start.line}:${mutant.location.start.column} ${mutant.status} ${mutant.mutatorName}: ${JSON.stringify(mutant.replacement ?? '')}`,
      );
    }
  }
  const header = ['file', 'killed', 'survived', 'no coverage', 'timeout', 'ignored', 'score'];
  const widths = header.map((name, i) => Math.max(name.length, ...rows.map((row) => String(row[i]).length)));
  const line = (row) => row.map((cell, i) => (i === 0 ? String(cell).padEnd(widths[i]) : String(cell).padStart(widths[i]))).join(' | ');
  console.log(line(header));
  console.log(widths.map((width) => '-'.repeat(width)).join('-|-'));
  for (const row of rows) console.log(line(row));
  if (survivors) console.log(`\n${undetected.join('\n') || 'No surviving mutants.'}`);
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) main();
