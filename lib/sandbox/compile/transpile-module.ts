// Server-only: runs esbuild from node_modules.
import { transform, type Message, type TransformFailure } from 'esbuild';
import type { Result } from '@/lib/runtime';
import type { Diagnostic } from '@/lib/contract';
import { createPositionMapper, type SourcePosition } from './source-map';

/** The module as CommonJS script text plus a way back from its positions to the user's source. */
export type TranspiledModule = {
  code: string;
  /** Maps a 1-based position in `code` to the user's TypeScript source. */
  mapPosition: (generated: SourcePosition) => SourcePosition;
};

/**
 * Strips types and turns `import`/`export` into `require`/`module.exports` with esbuild. esbuild
 * rather than sucrase: its syntax errors read better ("Expected ")" but found ..."), and its
 * source map is exact per token, so runtime frames map back to the user's line and column.
 * `verbatimModuleSyntax` keeps unused imports so a forbidden one is still reported.
 */
export async function transpileModule(source: string): Promise<Result<TranspiledModule, Diagnostic[]>> {
  try {
    const output = await transform(source, {
      loader: 'ts',
      format: 'cjs',
      target: 'es2020',
      sourcemap: 'external',
      sourcefile: 'tools.ts',
      logLevel: 'silent',
      tsconfigRaw: { compilerOptions: { verbatimModuleSyntax: true } },
    });
    const map = JSON.parse(output.map) as { mappings: string };
    return { ok: true, value: { code: output.code, mapPosition: createPositionMapper(map.mappings) } };
  } catch (error) {
    if (isTransformFailure(error)) return { ok: false, error: error.errors.map(toDiagnostic) };
    throw error;
  }
}

function isTransformFailure(error: unknown): error is TransformFailure {
  return error instanceof Error && Array.isArray((error as Partial<TransformFailure>).errors);
}

function toDiagnostic(message: Message): Diagnostic {
  return {
    message: message.text,
    line: message.location?.line ?? 1,
    column: (message.location?.column ?? 0) + 1,
    severity: 'error',
  };
}
