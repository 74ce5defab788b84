import { DEFAULT_CALL_TIMEOUT_MS } from '@/lib/runtime';
import { RESTORE_OMITTED_FIELDS_SOURCE } from './restore-omitted-fields-source';

/**
 * What `'playground'` exports (see `playground-types.ts`), each with the line that binds it to the
 * shim under the name a module imports it as: `defineTool` is the only value.
 */
const PLAYGROUND_EXPORTS: Record<string, (local: string) => string> = {
  defineTool: (local) => `const ${local} = definePlaygroundTool;`,
  JsonValue: (local) => `type ${local} = PlaygroundJsonValue;`,
  JsonSchema: (local) => `type ${local} = PlaygroundJsonSchema;`,
  ToolFiles: (local) => `type ${local} = PlaygroundToolFiles;`,
  ToolContext: (local) => `type ${local} = PlaygroundToolContext;`,
  ToolReturn: (local) => `type ${local} = PlaygroundToolReturn;`,
  ToolResult: (local) => `type ${local} = PlaygroundToolResult;`,
  ZodToolOptions: (local) => `type ${local}<Schema extends PlaygroundSchema> = PlaygroundZodToolOptions<Schema>;`,
  JsonSchemaToolOptions: (local) => `type ${local}<Args = any> = PlaygroundJsonSchemaToolOptions<Args>;`,
  ToolDefinition: (local) => `type ${local} = PlaygroundToolDefinition;`,
};

/** Every name the shim and the code around it declare at the top level: a module that uses one cannot be embedded. */
export const PLAYGROUND_SHIM_NAMES: ReadonlySet<string> = new Set([
  'PlaygroundJsonValue', 'PlaygroundJsonSchema', 'PlaygroundSchema', 'PlaygroundValidation', 'PlaygroundOutput', 'PlaygroundToolFiles',
  'PlaygroundToolContext', 'PlaygroundToolReturn', 'PlaygroundToolResult', 'PlaygroundToolOptionsBase', 'PlaygroundZodToolOptions',
  'PlaygroundJsonSchemaToolOptions', 'PlaygroundToolDefinition', 'definePlaygroundTool', 'createPlaygroundRunner', 'playgroundTools', 'playground',
]);

/** The binding the module's default export becomes. */
export const MODULE_TOOLS_NAME = 'playgroundTools';
/** The runner the SDK tools call. */
export const RUNNER_NAME = 'playground';

export function isPlaygroundExport(name: string): boolean {
  return Object.hasOwn(PLAYGROUND_EXPORTS, name);
}

/** The line that stands in for one name imported from `'playground'`. */
export function renderPlaygroundBinding(imported: string, local: string): string {
  const render = PLAYGROUND_EXPORTS[imported];
  if (!render) throw new Error(`'playground' has no export ${imported}`);
  return render(local);
}

/**
 * The `'playground'` module as plain TypeScript for an exported file: the declarations users write
 * against (the same options and context as `playground-types.ts`, Zod typed through its Standard
 * Schema interface so a JSON-Schema-only module needs no Zod), a `defineTool` that returns its
 * options, and `createPlaygroundRunner`, which runs a tool's execute the way the playground does.
 * `restoresOmittedFields` adds the undoing of strict mode's nulls (`restore-optional-arguments.ts`).
 * Written with erasable syntax only, so `node --experimental-strip-types` runs it too.
 */
export function renderPlaygroundShim(options: { restoresOmittedFields: boolean }): string {
  return [SHIM_DECLARATIONS, renderRunner(options.restoresOmittedFields)].join('\n');
}

const SHIM_DECLARATIONS = String.raw`// ─── The 'playground' module, inlined ──────────────────────────────────────────
// defineTool returns its options as written; createPlaygroundRunner runs them for the SDK.

/** A JSON value: what survives JSON.stringify → JSON.parse unchanged. */
type PlaygroundJsonValue = null | boolean | number | string | PlaygroundJsonValue[] | { [key: string]: PlaygroundJsonValue };
/** A JSON Schema document. */
type PlaygroundJsonSchema = { [key: string]: PlaygroundJsonValue };
type PlaygroundValidation =
  | { readonly value: unknown; readonly issues?: undefined }
  | { readonly issues: readonly { readonly message: string; readonly path?: readonly unknown[] }[] };
/** A schema with the Standard Schema interface, as every Zod schema has. */
interface PlaygroundSchema {
  readonly '~standard': {
    validate(value: unknown): PlaygroundValidation | Promise<PlaygroundValidation>;
    readonly types?: { readonly input: unknown; readonly output: unknown };
  };
}
type PlaygroundOutput<Schema extends PlaygroundSchema> = NonNullable<Schema['~standard']['types']>['output'];

/** The virtual file store; here one in-memory store shared by every call (playground.files). */
interface PlaygroundToolFiles {
  /** The file's text, or undefined when there is no such file. */
  read(path: string): string | undefined;
  write(path: string, text: string): void;
  /** Every path in the store, sorted. */
  list(): string[];
  /** True when the file existed and was removed. */
  delete(path: string): boolean;
}

/** What execute(args, ctx) receives besides its arguments. */
interface PlaygroundToolContext {
  /** The SDK's tool call id, or a generated one when the SDK passes none. */
  readonly callId: string;
  /** The SDK's abort signal. */
  readonly signal: { readonly aborted: boolean };
  /** The tool's timeoutMs, else the playground's default; the SDK enforces its own deadlines. */
  readonly timeoutMs: number;
  /** Waits on setTimeout. */
  sleep(ms: number): Promise<void>;
  /** console.log, prefixed with the tool's name. */
  log(...args: unknown[]): void;
  readonly files: PlaygroundToolFiles;
}

/** The structured form execute may return; the SDK receives its content. */
interface PlaygroundToolReturn {
  content: PlaygroundJsonValue;
  details?: PlaygroundJsonValue;
  endTurn?: boolean;
}

type PlaygroundToolResult = string | PlaygroundJsonValue | PlaygroundToolReturn | void;

interface PlaygroundToolOptionsBase<Args> {
  name: string;
  description: string;
  strict?: boolean;
  namespace?: string;
  namespaceDescription?: string;
  tags?: string[];
  deferLoading?: boolean;
  executionMode?: 'parallel' | 'sequential';
  isReadOnly?: boolean;
  isDestructive?: boolean;
  needsApproval?: boolean | ((args: Args) => boolean | Promise<boolean>);
  outputSchema?: PlaygroundSchema | PlaygroundJsonSchema;
  timeoutMs?: number;
  describeActivity?: (args: Args) => string;
  describeCompletedActivity?: (args: Args, result: PlaygroundJsonValue) => string;
  execute?: (args: Args, ctx: PlaygroundToolContext) => PlaygroundToolResult | Promise<PlaygroundToolResult>;
}

/** A tool whose parameters are a Zod object schema. */
interface PlaygroundZodToolOptions<Schema extends PlaygroundSchema> extends PlaygroundToolOptionsBase<PlaygroundOutput<Schema>> {
  schema: Schema;
  jsonSchema?: never;
  definitions?: never;
}

/** A tool whose parameters are a plain JSON Schema (with the shared definitions it reaches). */
interface PlaygroundJsonSchemaToolOptions<Args = any> extends PlaygroundToolOptionsBase<Args> {
  jsonSchema: PlaygroundJsonSchema;
  definitions?: Record<string, PlaygroundJsonSchema | boolean>;
  schema?: never;
}

/** What defineTool returns here: the options as written. */
type PlaygroundToolDefinition = PlaygroundToolOptionsBase<any> & {
  schema?: PlaygroundSchema;
  jsonSchema?: PlaygroundJsonSchema;
  definitions?: Record<string, PlaygroundJsonSchema | boolean>;
};

function definePlaygroundTool<Schema extends PlaygroundSchema>(options: PlaygroundZodToolOptions<Schema>): PlaygroundToolDefinition;
function definePlaygroundTool<Args = any>(options: PlaygroundJsonSchemaToolOptions<Args>): PlaygroundToolDefinition;
function definePlaygroundTool(options: PlaygroundToolDefinition): PlaygroundToolDefinition {
  return options;
}
`;

function renderRunner(restoresOmittedFields: boolean): string {
  const restoreOption = restoresOmittedFields ? 'authoredSchemas: Record<string, PlaygroundJsonSchema>' : 'authoredSchemas?: never';
  const restoreCall = restoresOmittedFields
    ? 'const authored = options.authoredSchemas[name];\n    const args = authored ? restoreOmittedFields(input, authored, authored, 0) : input;'
    : 'const args = input;';
  return String.raw`/**
 * Runs the module's tools for the SDK tools below, as the playground runs them: arguments checked
 * (and defaulted) by the tool's Zod schema, a ctx built from the SDK's call, a ToolReturn
 * unwrapped to its content, nothing (void) as null.
 */
function createPlaygroundRunner(exported: unknown, options: { names: readonly string[]; ${restoreOption} }) {
  const byName = new Map<string, PlaygroundToolDefinition>();
  for (const definition of (Array.isArray(exported) ? exported : [exported]) as PlaygroundToolDefinition[]) {
    byName.set(definition.namespace ? definition.namespace + '.' + definition.name : definition.name, definition);
  }
  const find = (name: string): PlaygroundToolDefinition => {
    const definition = byName.get(name);
    if (!definition) throw new Error('The tool module has no tool ' + name + ' in its default export.');
    return definition;
  };
  options.names.forEach(find);
  const stored = new Map<string, string>();
  const files: PlaygroundToolFiles = {
    read: (path) => stored.get(path),
    write: (path, text) => void stored.set(path, text),
    list: () => [...stored.keys()].sort(),
    delete: (path) => stored.delete(path),
  };
  let calls = 0;

  function isSchema(value: unknown): value is PlaygroundSchema {
    return typeof value === 'object' && value !== null && '~standard' in value;
  }
  function isToolReturn(value: unknown): value is PlaygroundToolReturn {
    if (typeof value !== 'object' || value === null || Array.isArray(value) || !('content' in value)) return false;
    return Object.keys(value).every((key) => key === 'content' || key === 'details' || key === 'endTurn');
  }
  async function check(schema: PlaygroundSchema, value: unknown, what: string): Promise<unknown> {
    const checked = await schema['~standard'].validate(value);
    if (!checked.issues) return checked.value;
    const problems = checked.issues.map((issue) => (issue.path && issue.path.length > 0 ? issue.path.map(String).join('.') + ': ' : '') + issue.message);
    throw new Error(what + ': ' + problems.join('; '));
  }
  async function prepare(name: string, definition: PlaygroundToolDefinition, input: unknown): Promise<unknown> {
    ${restoreCall}
    return definition.schema ? check(definition.schema, args, 'Invalid arguments for ' + name) : args;
  }
${restoresOmittedFields ? RESTORE_OMITTED_FIELDS_SOURCE : ''}
  return {
    /** The files every call's ctx.files reads and writes: seed or inspect them here. */
    files,
    async execute(name: string, input: unknown, call: { callId?: string; signal?: AbortSignal }): Promise<PlaygroundJsonValue> {
      const definition = find(name);
      if (!definition.execute) {
        return { note: 'In the playground a person answers ' + name + ' by hand; implement it here.', input: input as PlaygroundJsonValue };
      }
      const ctx: PlaygroundToolContext = {
        callId: call.callId ?? 'call_' + String((calls += 1)),
        signal: call.signal ?? new AbortController().signal,
        timeoutMs: definition.timeoutMs ?? ${DEFAULT_CALL_TIMEOUT_MS},
        sleep: (ms) => new Promise<void>((resolve) => setTimeout(resolve, ms)),
        log: (...values) => console.log('[' + name + ']', ...values),
        files,
      };
      const result = await definition.execute(await prepare(name, definition, input), ctx);
      const content: PlaygroundJsonValue = result === undefined ? null : isToolReturn(result) ? (result.content ?? null) : (result as PlaygroundJsonValue);
      if (isSchema(definition.outputSchema)) await check(definition.outputSchema, content, 'Invalid output of ' + name);
      return content;
    },
    /** The tool's needsApproval predicate; arguments its schema rejects are left for execute to reject. */
    async needsApproval(name: string, input: unknown): Promise<boolean> {
      const definition = find(name);
      if (typeof definition.needsApproval !== 'function') return definition.needsApproval === true;
      const args = await prepare(name, definition, input).then((value) => ({ value }), () => undefined);
      return args === undefined ? false : Boolean(await definition.needsApproval(args.value));
    },
  };
}
`;
}
