// Checks the import graph against the layers in .dependency-cruiser.mjs (run by `npm run lint`).
// A violation not in layer-baseline.json fails, naming the file, the import and the rule; so does
// a baseline entry that no longer occurs, so the baseline only ever shrinks.
//   node scripts/check-layers.mjs                    check
//   node scripts/check-layers.mjs --update-baseline  rewrite layer-baseline.json to today's violations
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { cruise } from 'dependency-cruiser';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';

const ROOT = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
export const BASELINE_FILE = 'layer-baseline.json';
const SOURCE_FOLDERS = ['lib', 'components', 'app'];

/** The violations of the layer rules under `root`, as `{ rule, from, to, comment }`, sorted. */
export async function findLayerViolations(root = ROOT) {
  const { default: config } = await import(pathToFileURL(path.join(root, '.dependency-cruiser.mjs')).href);
  const folders = SOURCE_FOLDERS.filter((folder) => existsSync(path.join(root, folder)));
  const tsConfig = extractTSConfig(path.join(root, config.options.tsConfig.fileName));
  const previous = process.cwd();
  process.chdir(root);
  try {
    const result = await cruise(folders, { ...config.options, validate: true, ruleSet: { forbidden: config.forbidden }, outputType: 'json' }, {}, { tsConfig });
    const output = typeof result.output === 'string' ? JSON.parse(result.output) : result.output;
    const comments = new Map(config.forbidden.map((rule) => [`${rule.name}:${rule.from.path}`, rule.comment]));
    const ruleComment = (name, from) => [...comments].find(([key]) => key.startsWith(`${name}:`) && new RegExp(key.slice(name.length + 1)).test(from))?.[1] ?? '';
    return output.summary.violations
      .filter((violation) => violation.rule.name !== 'folder-cycle' || roomOf(violation.from) !== roomOf(violation.to))
      .map((violation) => ({
        rule: violation.rule.name,
        from: violation.from,
        to: violation.to,
        ...(violation.unresolvedTo && violation.unresolvedTo !== violation.to ? { specifier: violation.unresolvedTo } : {}),
        ...(violation.cycle ? { cycle: [violation.from, ...violation.cycle.map((step) => step.name)] } : {}),
        comment: ruleComment(violation.rule.name, violation.from),
      }))
      .sort((a, b) => `${a.rule} ${a.from} ${a.to}`.localeCompare(`${b.rule} ${b.from} ${b.to}`));
  } finally {
    process.chdir(previous);
  }
}

/** The folder a path belongs to as the layers see it: `lib/<folder>`, `components` or `app`. */
export function roomOf(file) {
  const [top, folder] = file.split('/');
  return top === 'lib' ? `lib/${folder}` : top;
}

const keyOf = (violation) => `${violation.rule}\u0000${violation.from}\u0000${violation.to}`;

/** New violations (not in the baseline) and stale baseline entries (no longer occurring). */
export function compareWithBaseline(violations, baseline) {
  const known = new Set(baseline.map(keyOf));
  const found = new Set(violations.map(keyOf));
  return { added: violations.filter((violation) => !known.has(keyOf(violation))), stale: baseline.filter((entry) => !found.has(keyOf(entry))) };
}

/** One line a violation: the file, what it imports, the rule and what the rule allows. */
export function describeViolation(violation) {
  const target = violation.specifier ? `'${violation.specifier}' (${violation.to})` : violation.to;
  const cycle = violation.cycle ? ` Cycle: ${violation.cycle.join(' → ')}.` : '';
  return `${violation.from} imports ${target}: ${violation.rule}. ${violation.comment}${cycle}`.trim();
}

export async function readBaseline(root = ROOT) {
  const text = await readFile(path.join(root, BASELINE_FILE), 'utf8').catch((error) => {
    if (error.code === 'ENOENT') return '[]';
    throw error;
  });
  return JSON.parse(text);
}

export async function writeBaseline(violations, root = ROOT) {
  const entries = violations.map(({ rule, from, to }) => ({ rule, from, to }));
  await writeFile(path.join(root, BASELINE_FILE), `${JSON.stringify(entries, null, 1)}\n`);
}

async function main() {
  const violations = await findLayerViolations();
  if (process.argv.includes('--update-baseline')) {
    await writeBaseline(violations);
    console.log(`${BASELINE_FILE}: ${violations.length} known layer violations.`);
    return;
  }
  const { added, stale } = compareWithBaseline(violations, await readBaseline());
  for (const violation of added) console.error(`layers: ${describeViolation(violation)}`);
  for (const entry of stale) console.error(`layers: ${entry.from} no longer imports ${entry.to} against ${entry.rule}: run \`npm run lint:layers -- --update-baseline\` and commit ${BASELINE_FILE}.`);
  if (added.length > 0 || stale.length > 0) {
    console.error(`layers: ${added.length} new violation(s), ${stale.length} stale baseline entr${stale.length === 1 ? 'y' : 'ies'}; the layer order is in .dependency-cruiser.mjs.`);
    process.exitCode = 1;
    return;
  }
  console.log(`layers: no new violations (${violations.length} known, in ${BASELINE_FILE}).`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
