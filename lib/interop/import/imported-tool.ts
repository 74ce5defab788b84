import type { JsonSchema, JsonValue } from '@/lib/runtime';

/** Where an import came from. */
export type ImportFormat = 'mcp-tools-list' | 'openai-responses' | 'openai-chat-completions' | 'openapi';

/**
 * JSON Schemas several tools share, by name: a tool's `jsonSchema` reaches one through
 * `{"$ref": "#/$defs/<name>"}`, and `attachDefinitions` copies what it reaches into its `$defs`.
 */
export type SharedDefinitions = Record<string, JsonSchema | boolean>;

/** One tool read from a foreign definition, ready to be written as a `defineTool({...})`. */
export type ImportedTool = {
  name: string;
  namespace?: string;
  namespaceDescription?: string;
  description: string;
  /** For OpenAPI tools without `$defs`: the shared definitions of the import fill them in. */
  jsonSchema: JsonSchema;
  /** Unset: the playground default (strict). */
  strict?: boolean;
  deferLoading?: boolean;
  /** Unset: the contract's default (parallel only when read-only). */
  executionMode?: 'parallel' | 'sequential';
  isReadOnly?: boolean;
  isDestructive?: boolean;
  /**
   * What the tool's results look like (an MCP tool's `outputSchema`). Such a tool is written
   * without the echoing stub, which could not satisfy it: a person answers its calls, in an
   * editor prefilled from this schema, until `execute` is written.
   */
  outputSchema?: JsonSchema;
  /**
   * Outputs the live tool gave, with the arguments of each call (a snapshot of an MCP server): the
   * tool is written with an `execute` that answers from them instead of the echoing stub.
   */
  recordedOutputs?: RecordedOutput[];
  /** What the stub `execute` says it stands for, e.g. `GET /pets/{petId}`. */
  origin: string;
  /** The OpenAPI operation's tags in document order; empty for the other formats. */
  tags: string[];
  /** What changed on the way in for this tool (a renamed field, a dropped pattern), each led by a JSON pointer. */
  notes: string[];
};

/**
 * One call of a live tool: the arguments it got and what it answered (parsed JSON when the answer
 * was JSON), or the error it failed with (the module's `execute` throws it, so the runtime shows a
 * failed call).
 */
export type RecordedOutput = { args: JsonValue; output: JsonValue } | { args: JsonValue; error: string };

/** An entry of the input that could not become a tool; the others still import. */
export type SkippedTool = {
  /** JSON pointer of the entry (the MCP tool, the OpenAI function, the OpenAPI operation). */
  pointer: string;
  /** The name it would have had, when it has one. */
  name?: string;
  /** Why, led by the pointer of the field at fault when that is deeper than `pointer`. */
  reason: string;
};

/** Why an import failed as a whole: which field, at which JSON pointer. */
export type ImportError = {
  code: 'invalid-json' | 'unknown-format' | 'invalid-field' | 'no-tools';
  message: string;
  /** JSON pointer into the input, `''` for the whole document. */
  pointer: string;
};

/**
 * A successful import: the tools, the definitions they share, what was skipped and what did not
 * carry over, and the module for all of them (`renderToolModule` writes one for a selection).
 */
export type ToolImport = {
  format: ImportFormat;
  /** Names the input in the module's header comment, e.g. `an OpenAPI document`. */
  sourceLabel: string;
  tools: ImportedTool[];
  /** Only those some tool reaches; empty unless the input is an OpenAPI document. */
  definitions: SharedDefinitions;
  skipped: SkippedTool[];
  /** Every note of the import: the document's own and each tool's, once each. */
  notes: string[];
  /** The module with every tool. */
  source: string;
};
