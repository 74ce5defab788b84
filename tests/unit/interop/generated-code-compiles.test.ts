import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { ListToolsResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { exportTools } from '@/lib/interop/export/export-tools';
import type { ExportFormat } from '@/lib/interop/export/export-format';
import { createSampleTools } from './interop-fixtures';

/** Inside the repo so module resolution finds the real installed packages. Not committed. */
const GENERATED_DIR = path.join(process.cwd(), 'tests/unit/interop/.generated');

const COMPILER_OPTIONS: ts.CompilerOptions = {
  strict: true,
  noEmit: true,
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  skipLibCheck: true,
  lib: ['lib.es2023.d.ts', 'lib.dom.d.ts'],
  types: [],
};

function typeCheck(files: Record<string, string>): string[] {
  mkdirSync(GENERATED_DIR, { recursive: true });
  const paths = Object.entries(files).map(([name, text]) => {
    const filePath = path.join(GENERATED_DIR, name);
    writeFileSync(filePath, text);
    return filePath;
  });
  const program = ts.createProgram(paths, COMPILER_OPTIONS);
  return ts.getPreEmitDiagnostics(program).map((diagnostic) => {
    const where = diagnostic.file && diagnostic.start !== undefined ? diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start) : undefined;
    const file = diagnostic.file ? path.basename(diagnostic.file.fileName) : '';
    return `${file}:${where ? where.line + 1 : '?'} ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`;
  });
}

afterAll(() => {
  rmSync(GENERATED_DIR, { recursive: true, force: true });
});

describe('generated code', () => {
  const tools = createSampleTools();
  const codeFormats: ExportFormat[] = ['vercel-ai-sdk', 'openai-agents-sdk', 'tanstack-ai'];

  it('type-checks against the installed ai, @openai/agents-core, @tanstack/ai and MCP SDK packages', () => {
    const files: Record<string, string> = {};
    for (const format of codeFormats) {
      files[`${format}.ts`] = exportTools(tools, format).text;
      for (const tool of tools) files[`${format}-${tool.qualifiedName.replace('.', '-')}.ts`] = exportTools([tool], format).text;
    }
    const mcp = exportTools(tools, 'mcp-tools-list').text;
    files['mcp-tools-list.ts'] = `import type { ListToolsResult } from '@modelcontextprotocol/sdk/types.js';\n\nexport const result: ListToolsResult = ${mcp};\n`;
    expect(typeCheck(files)).toEqual([]);
  }, 120_000);

  it('reports a type error in a snippet, so the check above is not vacuous', () => {
    const broken = exportTools(tools.slice(0, 1), 'openai-agents-sdk').text.replace("strict: true", 'strict: 1');
    expect(typeCheck({ 'broken.ts': broken }).join('\n')).toMatch(/broken\.ts/);
  }, 120_000);

  it('produces an MCP tools/list result the MCP SDK parses', () => {
    const parsed = ListToolsResultSchema.safeParse(JSON.parse(exportTools(tools, 'mcp-tools-list').text));
    expect(parsed.success).toBe(true);
  });
});
