import path from 'node:path';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { exportTools } from '@/lib/interop/export/export-tools';
import { renderPlaygroundShim } from '@/lib/interop/export/render-playground-shim';
import { PRESETS } from '@/lib/presets';
import { prewarmSandboxPool } from '@/lib/sandbox/quickjs/context-pool';
import { PLAYGROUND_TYPES } from '@/lib/contract/playground-types';
import { CONTEXT_MODULE, SINGLE_TOOL_MODULE, TRICKY_MODULE } from './export-module-fixtures';
import { compileInteropTools, TYPESCRIPT_FORMATS } from './export-test-support';

const MODULE_FIXTURES = { context: CONTEXT_MODULE, tricky: TRICKY_MODULE, single: SINGLE_TOOL_MODULE };

beforeAll(async () => {
  await prewarmSandboxPool();
});

/** Virtual files beside the tests, so imports resolve to the installed packages; nothing is written to disk. */
const VIRTUAL_DIR = path.join(process.cwd(), 'tests/unit/interop/__virtual_exports__');

const COMPILER_OPTIONS: ts.CompilerOptions = {
  strict: true,
  noEmit: true,
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  skipLibCheck: true,
  // Type stripping (esbuild, node --experimental-strip-types) must be enough to run the file.
  isolatedModules: true,
  verbatimModuleSyntax: false,
  lib: ['lib.es2023.d.ts', 'lib.dom.d.ts'],
  types: [],
};

function typeCheck(files: Record<string, string>): string[] {
  const virtual = new Map(Object.entries(files).map(([name, text]) => [path.join(VIRTUAL_DIR, name), text]));
  const host = ts.createCompilerHost(COMPILER_OPTIONS);
  const { getSourceFile, fileExists, readFile } = host;
  host.getSourceFile = (fileName, language, ...rest) => {
    const text = virtual.get(fileName);
    return text === undefined ? getSourceFile.call(host, fileName, language, ...rest) : ts.createSourceFile(fileName, text, language);
  };
  host.fileExists = (fileName) => virtual.has(fileName) || fileExists.call(host, fileName);
  host.readFile = (fileName) => virtual.get(fileName) ?? readFile.call(host, fileName);
  const program = ts.createProgram([...virtual.keys()], COMPILER_OPTIONS, host);
  return ts.getPreEmitDiagnostics(program).map((diagnostic) => {
    const where = diagnostic.file && diagnostic.start !== undefined ? diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start) : undefined;
    const file = diagnostic.file ? path.basename(diagnostic.file.fileName) : '';
    return `${file}:${where ? where.line + 1 : '?'} ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`;
  });
}

/** The member names of the interface or type `name` declared anywhere in `source`. */
function membersOf(source: string, name: string): string[] {
  const file = ts.createSourceFile('types.ts', source, ts.ScriptTarget.Latest);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if ((ts.isInterfaceDeclaration(node) || ts.isTypeAliasDeclaration(node)) && node.name.text === name) {
      const members = ts.isInterfaceDeclaration(node) ? node.members : ts.isTypeLiteralNode(node.type) ? node.type.members : [];
      for (const member of members) if (member.name && (ts.isIdentifier(member.name) || ts.isStringLiteral(member.name))) found.push(member.name.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found.sort();
}

describe('exports that carry the module', () => {
  it('type-check under strict for every preset and fixture, against the installed ai, @openai/agents-core and @tanstack/ai', async () => {
    const files: Record<string, string> = {};
    const modules = [...PRESETS.map((preset) => [preset.id, preset.source] as const), ...Object.entries(MODULE_FIXTURES)];
    for (const [id, source] of modules) {
      const tools = await compileInteropTools(source);
      for (const format of TYPESCRIPT_FORMATS) {
        const artifact = exportTools(tools, format, { moduleSource: source });
        expect(artifact.text).toContain('createPlaygroundRunner(playgroundTools');
        files[`${id}-${format}.ts`] = artifact.text;
      }
    }
    expect(typeCheck(files)).toEqual([]);
  }, 180_000);

  it('report a type error in the carried-over module, so the check above is not vacuous', async () => {
    const preset = PRESETS[0]!;
    const tools = await compileInteropTools(preset.source);
    const broken = exportTools(tools, 'vercel-ai-sdk', { moduleSource: preset.source }).text.replace('args.path', 'args.pathname');
    expect(typeCheck({ 'broken.ts': broken }).join('\n')).toMatch(/broken\.ts:\d+ Property 'pathname' does not exist/);
  }, 120_000);
});

describe("the inlined 'playground' module", () => {
  const shim = renderPlaygroundShim({ restoresOmittedFields: true });
  const pairs = [
    ['ToolOptionsBase', 'PlaygroundToolOptionsBase'],
    ['ZodToolOptions', 'PlaygroundZodToolOptions'],
    ['JsonSchemaToolOptions', 'PlaygroundJsonSchemaToolOptions'],
    ['ToolContext', 'PlaygroundToolContext'],
    ['ToolFiles', 'PlaygroundToolFiles'],
    ['ToolReturn', 'PlaygroundToolReturn'],
  ] as const;

  it.each(pairs)('declares what the playground declares for %s', (playground, inlined) => {
    const expected = membersOf(PLAYGROUND_TYPES, playground);
    expect(expected.length).toBeGreaterThan(0);
    expect(membersOf(shim, inlined)).toEqual(expected);
  });
});
