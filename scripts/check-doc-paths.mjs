// Lint step: every decision record has a status and a date, and every repository path named in the docs and in code comments exists, so a moved or
// deleted file cannot leave a decision record, the README or a comment pointing at nothing.
// A path is a word starting with one of the project's top folders (src/, docs/, scripts/, ...);
// globs and placeholders (`*`, `<`, `NNN`, `:id`) are not paths and are skipped.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const scanned = ['README.md', 'docs', 'src', 'scripts', 'tests', '.ci'];
const scannedFile = /\.(md|ts|tsx|mjs|js|css|yaml|yml)$|^run$/;
const topFolders = ['src', 'docs', 'scripts', 'tests', 'drizzle', '.ci'];
const pathWord = new RegExp(`(?<![\\w./@-])(?:\\./)?((?:${topFolders.map((f) => f.replace('.', '\\.')).join('|')})/[\\w./-]*[\\w/])`, 'g');
const notAPath = /[*<>{}]|NNN|\/:|\.\.\.$/;
/** A superseded decision record describes code as it was; it names its successor instead. */
const describesThePast = /^\*\*Status:\*\* Superseded/m;

/** `docs/decisions/008` and `drizzle/0005` name a record or a migration by its number. */
function exists(candidate) {
  if (existsSync(path.join(root, candidate))) return true;
  const folder = path.join(root, path.dirname(candidate));
  const number = path.basename(candidate);
  return /^\d+$/.test(number) && existsSync(folder) && readdirSync(folder).some((name) => name.startsWith(`${number}_`) || name.startsWith(`${number}-`));
}

function* filesUnder(relative) {
  const absolute = path.join(root, relative);
  if (!existsSync(absolute)) return;
  if (statSync(absolute).isFile()) {
    yield relative;
    return;
  }
  for (const entry of readdirSync(absolute, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const child = path.join(relative, entry.name);
    if (entry.isDirectory()) yield* filesUnder(child);
    else if (scannedFile.test(entry.name)) yield child;
  }
}

/** In code, only comments name paths for a reader; in Markdown, the whole text does. */
function readerText(file, text) {
  if (file.endsWith('.md')) return text;
  const comments = text.match(/\/\/[^\n]*|\/\*[\s\S]*?\*\/|^\s*#[^\n]*/gm) ?? [];
  return comments.join('\n');
}

const missing = [];
for (const file of scanned.flatMap((entry) => [...filesUnder(entry)])) {
  const whole = readFileSync(path.join(root, file), 'utf8');
  if (describesThePast.test(whole)) continue;
  const text = readerText(file, whole);
  for (const [, named] of text.matchAll(pathWord)) {
    const candidate = named.replace(/[.,:;)]+$/, '');
    if (notAPath.test(candidate)) continue;
    if (!exists(candidate)) missing.push(`${file}: names ${candidate}, which does not exist`);
  }
}

// Every decision record says whether it stands, since when, and, when replaced, by which record.
const decisions = path.join(root, 'docs/decisions');
for (const name of readdirSync(decisions).filter((entry) => entry.endsWith('.md'))) {
  const status = /^\*\*Status:\*\* (Accepted|Superseded by \[\d{3}\]\(\d{3}-[\w-]+\.md\))[^\n]* · \d{4}-\d{2}-\d{2}$/m;
  if (!status.test(readFileSync(path.join(decisions, name), 'utf8'))) {
    missing.push(`docs/decisions/${name}: needs a line "**Status:** Accepted · YYYY-MM-DD" (or "Superseded by [NNN](NNN-name.md) · YYYY-MM-DD")`);
  }
}

if (missing.length > 0) {
  console.error(`${missing.length} problem(s) in the docs:\n${missing.join('\n')}`);
  process.exit(1);
}
