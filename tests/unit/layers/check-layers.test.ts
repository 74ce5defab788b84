import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeViolation, findLayerViolations, type LayerViolation } from '../../../scripts/check-layers.mjs';

/**
 * A small tree checked with the project's own layer rules: each rule has one file that breaks it,
 * and one file that follows every rule, so a rule that stops firing (or fires on good code) fails.
 */
const FIXTURE: Record<string, string> = {
  'tsconfig.json': JSON.stringify({ compilerOptions: { module: 'esnext', moduleResolution: 'bundler', paths: { '@/*': ['./*'] } } }),
  'lib/runtime/index.ts': "export { isJson } from './json';\n",
  'lib/runtime/json.ts': 'export const isJson = true;\n',
  'lib/runtime/testing/index.ts': 'export const scripted = 1;\n',
  // Follows every rule: a folder's index and a subfolder's index, both below it.
  'lib/models/index.ts': "import { isJson } from '@/lib/runtime';\nimport { scripted } from '@/lib/runtime/testing';\nexport const model = isJson && scripted;\n",
  // Deep import: a file inside another folder.
  'lib/compare/index.ts': "import { isJson } from '@/lib/runtime/json';\nexport const compared = isJson;\n",
  // Upward: the contract reaching the HTTP layer.
  'lib/contract/index.ts': "import { handler } from '@/lib/server';\nexport const contract = handler;\n",
  'lib/server/index.ts': 'export const handler = 1;\n',
  // Sideways: client and server are on one line.
  'lib/client/index.ts': "import { handler } from '@/lib/server';\nexport const client = handler;\n",
  // A cycle between folders: sessions and replay import each other.
  'lib/sessions/index.ts': "import { replay } from '@/lib/replay';\nexport const session = () => replay;\n",
  'lib/replay/index.ts': "import { session } from '@/lib/sessions';\nexport const replay = () => session;\n",
  // A benchmark reaching into the tests, and one using the shared harness.
  'tests/support/start.ts': 'export const start = 1;\n',
  'harness/start.ts': 'export const start = 1;\n',
  'bench/bad.bench.ts': "import { start } from '../tests/support/start';\nexport const bad = start;\n",
  'bench/good.bench.ts': "import { start } from '../harness/start';\nexport const good = start;\n",
};

let root = '';
let violations: LayerViolation[] = [];

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'layers-'));
  for (const [file, text] of Object.entries(FIXTURE)) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), text);
  }
  await cp(path.resolve('.dependency-cruiser.mjs'), path.join(root, '.dependency-cruiser.mjs'));
  violations = await findLayerViolations(root);
}, 120_000);

afterAll(async () => {
  if (root) await rm(root, { recursive: true, force: true });
});

const byRule = (rule: LayerViolation['rule']) => violations.filter((violation) => violation.rule === rule).map(({ from, to }) => `${from} -> ${to}`);

describe('the layer checker', () => {
  it('refuses an import of a folder above, naming the file, the import and what the layer may use', () => {
    expect(byRule('layer-order')).toContain('lib/contract/index.ts -> lib/server/index.ts');
    const upward = violations.find((violation) => violation.rule === 'layer-order' && violation.from === 'lib/contract/index.ts');
    expect(describeViolation(upward!)).toBe(
      "lib/contract/index.ts imports '@/lib/server' (lib/server/index.ts): layer-order. lib/contract may import only lib/runtime (the layers below it).",
    );
  });

  it('refuses an import of a sibling on the same line', () => {
    expect(byRule('layer-order')).toContain('lib/client/index.ts -> lib/server/index.ts');
  });

  it("refuses a deep import into another folder, and allows a folder's or a subfolder's index", () => {
    expect(byRule('deep-import')).toEqual(['lib/compare/index.ts -> lib/runtime/json.ts']);
    expect(violations.filter((violation) => violation.from === 'lib/models/index.ts')).toEqual([]);
  });

  it('refuses an import of tests/ from outside it, and allows the shared harness', () => {
    expect(byRule('test-import')).toEqual(['bench/bad.bench.ts -> tests/support/start.ts']);
    expect(violations.filter((violation) => violation.from === 'bench/good.bench.ts')).toEqual([]);
  });

  it('refuses a cycle between folders, naming the folders around it', () => {
    const cycles = violations.filter((violation) => violation.rule === 'folder-cycle');
    expect(cycles.map(({ from, to }) => `${from} -> ${to}`).sort()).toEqual(['lib/replay -> lib/sessions', 'lib/sessions -> lib/replay']);
    expect(describeViolation(cycles[0]!)).toContain('Cycle: lib/replay → lib/sessions → lib/replay.');
  });
});
