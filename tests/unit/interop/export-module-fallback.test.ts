import { beforeAll, describe, expect, it } from 'vitest';
import { exportTools } from '@/lib/interop/export/export-tools';
import type { InteropTool } from '@/lib/interop/export/interop-tool';
import { parallelAndSequentialPreset } from '@/lib/presets';
import { prewarmSandboxPool } from '@/lib/sandbox/quickjs/context-pool';
import { compileInteropTools, TYPESCRIPT_FORMATS } from './export-test-support';

beforeAll(async () => {
  await prewarmSandboxPool();
});

const source = parallelAndSequentialPreset.source;

/** Modules an export cannot carry over, and the reason its comment gives. */
const UNCARRIED: { label: string; moduleSource: string; reason: RegExp }[] = [
  {
    label: 'no default export',
    moduleSource: source.replace('export default [', 'const unused = ['),
    reason: /the module has no default export of its tools/,
  },
  {
    label: 'an import of another module',
    moduleSource: `import { readFileSync } from 'node:fs';\n${source}`,
    reason: /the module imports 'node:fs'; only imports of 'playground' and 'zod' can be carried over/,
  },
  {
    label: "'playground' imported as a whole",
    moduleSource: source.replace("import { defineTool } from 'playground';", "import * as pg from 'playground';\nconst { defineTool } = pg;"),
    reason: /imports 'playground' as a whole or by default/,
  },
  {
    label: 'a dynamic import',
    moduleSource: source.replace('await ctx.sleep(50);', "await import('node:fs');"),
    reason: /loads a module with import\(…\)/,
  },
  {
    label: 'a name the export needs',
    moduleSource: `${source}\nconst playground = 'mine';\n`,
    reason: /the module uses `playground`, which the export needs/,
  },
  {
    label: 'an unterminated template literal',
    moduleSource: `${source}\nconst broken = \`never closed;\n`,
    reason: /could not be read safely \(a template literal is not closed at line \d+\)/,
  },
];

describe.each(TYPESCRIPT_FORMATS)('%s export', (format) => {
  let tools: InteropTool[];
  beforeAll(async () => {
    tools = await compileInteropTools(source);
  });

  it('keeps the stub bodies when no module source is given', () => {
    const artifact = exportTools(tools, format);
    expect(artifact).toEqual(exportTools(tools, format, {}));
    expect(artifact.text).toContain('implement read_file here');
    expect(artifact.text).not.toContain('playground.execute');
    expect(artifact.text).not.toContain('Execute bodies are stubs');
  });

  it.each(UNCARRIED)('falls back to stubs, with a comment saying why, for $label', ({ moduleSource, reason }) => {
    const artifact = exportTools(tools, format, { moduleSource });
    const [firstLine] = artifact.text.split('\n');
    expect(firstLine).toMatch(/^\/\/ Execute bodies are stubs: /);
    expect(firstLine).toMatch(reason);
    expect(artifact.notes.some((note) => reason.test(note))).toBe(true);
    expect(artifact.text).toContain('implement read_file here');
    expect(artifact.text).not.toContain('createPlaygroundRunner');
    // The rest is the stub export exactly.
    expect(artifact.text.split('\n').slice(1).join('\n')).toBe(exportTools(tools, format).text);
  });
});
