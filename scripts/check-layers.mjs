// Checks the import graph against the layers in .dependency-cruiser.mjs (run by `npm run lint`).
// Any violation fails, naming the file, the import, the rule and what the rule allows.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { cruise } from 'dependency-cruiser';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';

const ROOT = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const SOURCE_FOLDERS = ['lib', 'components', 'app', 'bench', 'harness'];

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

/** One line a violation: the file, what it imports, the rule and what the rule allows. */
export function describeViolation(violation) {
  const target = violation.specifier ? `'${violation.specifier}' (${violation.to})` : violation.to;
  const cycle = violation.cycle ? ` Cycle: ${violation.cycle.join(' → ')}.` : '';
  return `${violation.from} imports ${target}: ${violation.rule}. ${violation.comment}${cycle}`.trim();
}

async function main() {
  const violations = await findLayerViolations();
  for (const violation of violations) console.error(`layers: ${describeViolation(violation)}`);
  if (violations.length > 0) {
    console.error(`layers: ${violations.length} violation(s); the layer order is in .dependency-cruiser.mjs.`);
    process.exitCode = 1;
    return;
  }
  console.log('layers: no violations.');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
