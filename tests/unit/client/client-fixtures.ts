import type { CompileDiagnostic, CompileResponse, CompiledToolView } from '@/lib/client/compile';
import type { PlaygroundPreset } from '@/lib/client/playground-state';

export function createToolView(overrides: Partial<CompiledToolView> = {}): CompiledToolView {
  const schema = { type: 'object', properties: { path: { type: 'string' } }, required: ['path'], additionalProperties: false };
  const gate = { decision: 'allow', reason: 'read-only tool' } as const;
  return {
    index: 0,
    name: 'read_file',
    qualifiedName: 'read_file',
    tags: [],
    description: 'Read a file.',
    deferLoading: false,
    executionMode: 'parallel',
    risk: 'read',
    needsApproval: false,
    strict: true,
    strictCheck: 'accepted',
    strictDropped: 0,
    schemaSource: 'zod',
    hasExecute: true,
    line: 4,
    jsonSchema: schema,
    sentSchema: schema,
    strictReport: { ok: true, violations: [] },
    strictified: null,
    gate: { auto: gate, review: gate, 'read-only': gate, 'deny-all': { decision: 'deny', reason: 'deny-all' } },
    ...overrides,
  };
}

export function createCompileResponse(tools: CompiledToolView[], diagnostics: CompileDiagnostic[] = []): CompileResponse {
  const details = tools.map(({ jsonSchema, sentSchema, strictReport, strictified }) => ({ jsonSchema, sentSchema, strictReport, strictified }));
  return { moduleKey: 'a'.repeat(64), tools, details, diagnostics };
}

export const syntaxError: CompileDiagnostic = { message: "')' expected.", line: 3, column: 9, severity: 'error' };

export function createPreset(overrides: Partial<PlaygroundPreset> = {}): PlaygroundPreset {
  return {
    id: 'demo',
    title: 'Demo',
    summary: 'A demo.',
    source: 'export default [];',
    model: { provider: 'auto', seed: 7 },
    message: 'Read a.txt',
    permissionMode: 'auto',
    mode: 'chat',
    ...overrides,
  };
}

/** A sessionStorage stand-in whose items a test can read. */
export function createMemoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}
