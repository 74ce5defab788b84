/**
 * TypeScript declarations for the `'playground'` module that user tool modules import. The
 * browser editor hands this text to Monaco (`addExtraLib`) for IntelliSense; the sandbox's
 * prelude (`sandbox-prelude.ts`) provides the matching runtime values. `ToolOptionsBase` names
 * the same options as the host realm's in `define-tool.ts` (a test compares them); the types
 * differ where the realms do (`ctx` has files and sleep here; approval is synchronous).
 */
export const PLAYGROUND_TYPES = `declare module 'playground' {
  import type { z } from 'zod';

  /** A JSON value: what survives JSON.stringify → JSON.parse unchanged. */
  export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

  /** A JSON Schema document (draft 2020-12 by default; draft-07 when \\$schema says so). */
  export type JsonSchema = { [key: string]: JsonValue };

  /** The per-turn virtual file store, seeded from the session's files. */
  export interface ToolFiles {
    /** The file's text, or undefined when there is no such file. */
    read(path: string): string | undefined;
    write(path: string, text: string): void;
    /** Every path in the store, sorted. */
    list(): string[];
    /** True when the file existed and was removed. */
    delete(path: string): boolean;
  }

  /** What execute(args, ctx) receives besides its arguments. */
  export interface ToolContext {
    /** The model's call_id for this call. */
    readonly callId: string;
    /** Becomes aborted when the user stops the turn. */
    readonly signal: { readonly aborted: boolean };
    /** The effective deadline of this call in milliseconds. */
    readonly timeoutMs: number;
    /** Waits on a host timer, so parallel calls really overlap; advances the deterministic clock. */
    sleep(ms: number): Promise<void>;
    /** Writes a line to the call's log in the timeline. */
    log(...args: unknown[]): void;
    readonly files: ToolFiles;
  }

  /** The structured form execute may return instead of a bare string or JSON value. */
  export interface ToolReturn {
    content: JsonValue;
    details?: JsonValue;
    /** Ends the agent turn after this call's output is recorded. */
    endTurn?: boolean;
  }

  export type ToolResult = string | JsonValue | ToolReturn | void;

  interface ToolOptionsBase<Args> {
    /** ^[a-zA-Z0-9_-]{1,64}$, unique within its namespace. */
    name: string;
    /** What the model reads to decide whether to call the tool. */
    description: string;
    /** Send in OpenAI strict mode (default true). */
    strict?: boolean;
    namespace?: string;
    namespaceDescription?: string;
    /** Labels for people: the schema panel filters by them. Never sent to the model. */
    tags?: string[];
    /** Keep the parameter schema behind Tool Search until loaded. */
    deferLoading?: boolean;
    /** Unset: parallel only when isReadOnly. */
    executionMode?: 'parallel' | 'sequential';
    isReadOnly?: boolean;
    isDestructive?: boolean;
    /** A human decides before the call runs. */
    needsApproval?: boolean | ((args: Args) => boolean);
    /** Validates what execute returns (the content), or what a person types; a mismatch is a tool error. */
    outputSchema?: z.ZodType | JsonSchema;
    /** Per-call deadline in milliseconds, at most 600000. */
    timeoutMs?: number;
    /** A short timeline label, from the arguments. */
    describeActivity?: (args: Args) => string;
    /** A short timeline label once the call finished. */
    describeCompletedActivity?: (args: Args, result: JsonValue) => string;
    /**
     * Runs the call. Leave it out and a person answers every call: the timeline asks for the
     * output (prefilled from outputSchema) and the model receives what they type.
     */
    execute?: (args: Args, ctx: ToolContext) => ToolResult | Promise<ToolResult>;
  }

  /** A tool whose parameters are a Zod object schema: converted with z.toJSONSchema, validated with Zod. */
  export interface ZodToolOptions<Schema extends z.ZodObject> extends ToolOptionsBase<z.output<Schema>> {
    schema: Schema;
    jsonSchema?: never;
    definitions?: never;
  }

  /** A tool whose parameters are a plain JSON Schema: sent unchanged, validated with Ajv. */
  export interface JsonSchemaToolOptions<Args = any> extends ToolOptionsBase<Args> {
    jsonSchema: JsonSchema;
    /**
     * JSON Schemas shared by several tools (e.g. an API's component schemas, written once per
     * module): the ones \`jsonSchema\` reaches through \`{ $ref: '#/$defs/<name>' }\` join its \`$defs\`.
     */
    definitions?: Record<string, JsonSchema | boolean>;
    schema?: never;
  }

  /** An opaque tool definition; default-export an array of them. */
  export interface ToolDefinition {
    readonly __playgroundTool: true;
    readonly name: string;
  }

  export function defineTool<Schema extends z.ZodObject>(options: ZodToolOptions<Schema>): ToolDefinition;
  export function defineTool<Args = any>(options: JsonSchemaToolOptions<Args>): ToolDefinition;
}
`;
