// Collects the .d.ts files reachable from zod's entry point into one JSON map
// (`{ "file:///node_modules/zod/index.d.ts": "...", ... }`) that the browser editor hands to
// Monaco's TypeScript worker, so `import { z } from 'zod'` resolves offline.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const zodRoot = join(root, 'node_modules', 'zod');
const outputFile = join(root, 'public', 'monaco', 'zod-types.json');

const importPattern = /(?:from|import)\s*\(?\s*["'](\.{1,2}\/[^"']+)["']/g;

function resolveDeclaration(fromFile, specifier) {
  const base = resolve(dirname(fromFile), specifier);
  const candidates = [base.replace(/\.js$/, '.d.ts'), `${base}.d.ts`, join(base, 'index.d.ts')];
  const found = candidates.find((candidate) => existsSync(candidate));
  if (!found) throw new Error(`Cannot resolve ${specifier} from ${relative(zodRoot, fromFile)}`);
  return found;
}

function collectDeclarations(entry) {
  const files = new Map();
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.pop();
    if (files.has(file)) continue;
    const text = readFileSync(file, 'utf8');
    files.set(file, text);
    for (const match of text.matchAll(importPattern)) queue.push(resolveDeclaration(file, match[1]));
  }
  return files;
}

const declarations = collectDeclarations(join(zodRoot, 'index.d.ts'));
const libraries = {};
for (const [file, text] of [...declarations].sort(([a], [b]) => a.localeCompare(b))) {
  libraries[`file:///node_modules/zod/${relative(zodRoot, file).split('\\').join('/')}`] = text;
}
mkdirSync(dirname(outputFile), { recursive: true });
writeFileSync(outputFile, JSON.stringify(libraries));
console.log(`bundle-zod-types: ${declarations.size} declaration files → ${relative(root, outputFile)}`);
