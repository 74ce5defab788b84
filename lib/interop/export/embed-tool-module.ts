import { isPlainObject, type JsonSchema, assertNever } from '@/lib/runtime';
import type { InteropTool } from './interop-tool';
import { prepareToolModule, type ToolModuleParts } from './prepare-tool-module';
import { renderCodeLiteral, renderStringLiteral, listSchemaNodes } from '../schema';
import { MODULE_TOOLS_NAME, PLAYGROUND_SHIM_NAMES, RUNNER_NAME, renderPlaygroundBinding, renderPlaygroundShim } from './render-playground-shim';

/** Where the `execute` of each exported SDK tool comes from. */
export type ExecuteSource =
  | { kind: 'stubs' }
  /** A module was given but cannot be carried over safely; `reason` says why. */
  | { kind: 'stubs-instead-of-module'; reason: string }
  | { kind: 'module'; module: ToolModuleParts };

/** One exported tool as the runner needs it. */
export type RunnerTool = {
  qualifiedName: string;
  /** Set when the SDK is sent the strictified schema: the authored one tells which nulls to drop. */
  authoredSchema?: JsonSchema;
};

/**
 * The runner's view of a tool whose SDK export sends `sentSchema`: when that is the strictified
 * form and the authored schema has optional properties, the authored schema goes along so the
 * runner can drop the nulls strict mode makes the model send for them.
 */
export function describeRunnerTool(tool: InteropTool, sentSchema: JsonSchema): RunnerTool {
  const strictified = sentSchema !== tool.jsonSchema && JSON.stringify(sentSchema) !== JSON.stringify(tool.jsonSchema);
  return strictified && hasOptionalProperties(tool.jsonSchema) ? { qualifiedName: tool.qualifiedName, authoredSchema: tool.jsonSchema } : { qualifiedName: tool.qualifiedName };
}

function hasOptionalProperties(schema: JsonSchema): boolean {
  return listSchemaNodes(schema).some(({ node }) => {
    if (!isPlainObject(node.properties)) return false;
    const required = Array.isArray(node.required) ? node.required : [];
    return Object.keys(node.properties).some((key) => !required.includes(key));
  });
}

export const STUB_EXECUTES: ExecuteSource = { kind: 'stubs' };

export function resolveExecuteSource(moduleSource: string | undefined): ExecuteSource {
  if (moduleSource === undefined) return STUB_EXECUTES;
  const prepared = prepareToolModule(moduleSource);
  return prepared.ok ? { kind: 'module', module: prepared.value } : { kind: 'stubs-instead-of-module', reason: prepared.error.message };
}

/** The names the export's own declarations must avoid: the module's and the shim's. */
export function createExportScope(source: ExecuteSource): Set<string> {
  return source.kind === 'module' ? new Set([...source.module.identifiers, ...PLAYGROUND_SHIM_NAMES]) : new Set();
}

/** The local name of an SDK import: its own unless the module uses it, else `name2`, `name3`, … */
export function bindImportName(name: string, taken: Set<string>): string {
  let local = name;
  for (let index = 2; taken.has(local); index += 1) local = `${name}${index}`;
  taken.add(local);
  return local;
}

/** `tool` or `tool as tool2` inside `import { … }`. */
export function renderImportSpecifier(name: string, local: string, typeOnly = false): string {
  return `${typeOnly ? 'type ' : ''}${local === name ? name : `${name} as ${local}`}`;
}

/**
 * Everything an SDK export has before its tools: the imports, and for a carried-over module the
 * shim, the module itself and the runner the tools call; for a module that could not be carried
 * over, a comment saying why the bodies are stubs.
 */
export function renderExportHead(source: ExecuteSource, options: { imports: readonly string[]; tools: readonly RunnerTool[] }): string[] {
  switch (source.kind) {
    case 'stubs':
      return [...options.imports, ''];
    case 'stubs-instead-of-module':
      return [`// Execute bodies are stubs: ${source.reason}`, ...options.imports, ''];
    case 'module':
      return renderModuleHead(source.module, options);
    default:
      return assertNever(source);
  }
}

/**
 * What an export that carries the module says first, in the file and in the dialog: the module's
 * code, which the playground only ever ran in its sandbox, runs natively wherever the file runs.
 */
export const NATIVE_MODULE_WARNING =
  "This code runs the tool module's own code natively, outside the playground's sandbox, with everything the process running it may do (files, network, environment). Read the module before you run it, above all one that came with a shared link.";

function renderModuleHead(module: ToolModuleParts, options: { imports: readonly string[]; tools: readonly RunnerTool[] }): string[] {
  const authored = options.tools.filter((tool) => tool.authoredSchema !== undefined);
  const runnerOptions = [
    `  names: ${renderCodeLiteral(options.tools.map((tool) => tool.qualifiedName), 1)},`,
    ...(authored.length > 0 ? [`  authoredSchemas: ${renderCodeLiteral(Object.fromEntries(authored.map((tool) => [tool.qualifiedName, tool.authoredSchema ?? {}])), 1)},`] : []),
  ];
  return [
    ...wrapComment(NATIVE_MODULE_WARNING, 98).map((line) => `// ${line}`),
    ...options.imports,
    ...module.zodImports,
    '',
    renderPlaygroundShim({ restoresOmittedFields: authored.length > 0 }),
    '// ─── The tool module, as written in the playground ─────────────────────────────',
    ...module.playgroundImports.map(({ imported, local }) => renderPlaygroundBinding(imported, local)),
    ...(module.playgroundImports.length > 0 ? [''] : []),
    module.body,
    '// Exported so a caller can seed or read the files the tools see: playground.files.write(path, text).',
    `export const ${RUNNER_NAME} = createPlaygroundRunner(${MODULE_TOOLS_NAME}, {`,
    ...runnerOptions,
    '});',
    '',
    '// ─── The SDK tools ─────────────────────────────────────────────────────────────',
    '',
  ];
}

/** `text` in lines of at most `width` characters, broken between words. */
function wrapComment(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  return line ? [...lines, line] : lines;
}

/** `playground.execute('crm.find', input, { callId, signal })`: the module's execute behind an SDK's. */
export function renderPlaygroundExecute(qualifiedName: string, options: { input: string; callId: string; signal: string }): string {
  return `${RUNNER_NAME}.execute(${renderStringLiteral(qualifiedName)}, ${options.input}, { callId: ${options.callId}, signal: ${options.signal} })`;
}

/** `playground.needsApproval('send_email', input)`: the module's approval predicate. */
export function renderPlaygroundApproval(qualifiedName: string, input: string): string {
  return `${RUNNER_NAME}.needsApproval(${renderStringLiteral(qualifiedName)}, ${input})`;
}

/** What the reader of an SDK export should know about its execute bodies. */
export function describeExecuteSource(source: ExecuteSource): string[] {
  switch (source.kind) {
    case 'stubs':
      return [];
    case 'stubs-instead-of-module':
      return [`Execute bodies are stubs: ${source.reason}`];
    case 'module':
      return [
        "Each execute runs your module's code through an inlined 'playground' module: ctx.files is an in-memory store (playground.files), ctx.log writes to the console; a ToolReturn's details and endTurn, and executionMode, do not carry over.",
      ];
    default:
      return assertNever(source);
  }
}

/**
 * `export const tools = …`, or the same under another local name when the module uses `tools`
 * itself (exported as `tools` still, unless the module exports a `tools` of its own).
 */
export function renderToolsExport(value: string, source: ExecuteSource, taken: Set<string>): { lines: string[]; notes: string[] } {
  if (!taken.has('tools')) return { lines: [`export const tools = ${value};`], notes: [] };
  const local = bindImportName('tools', taken);
  if (source.kind === 'module' && source.module.exportedNames.has('tools')) {
    return { lines: [`export const ${local} = ${value};`], notes: [`The module exports a tools of its own, so the SDK tools are exported as ${local}.`] };
  }
  return { lines: [`const ${local} = ${value};`, `export { ${local} as tools };`], notes: [] };
}
