/** A tool a test server offers: plain JSON Schema, and what a call answers. */
export type McpTestTool = {
  name: string;
  title?: string;
  description?: string;
  inputSchema: Record<string, unknown>;
  outputSchema?: Record<string, unknown>;
  annotations?: { title?: string; readOnlyHint?: boolean; destructiveHint?: boolean; idempotentHint?: boolean; openWorldHint?: boolean };
  /** The call's result; an echo of the arguments as text when absent. */
  run?: (args: Record<string, unknown>, context: McpTestCallContext) => Promise<McpTestCallResult> | McpTestCallResult;
};

export type McpTestCallContext = {
  /** Sends `notifications/progress` for the call (when the client asked for progress). */
  progress: (progress: number, total?: number, message?: string) => Promise<void>;
  /** Sends `notifications/tools/list_changed` on the call's stream (after `setTools`, say). */
  toolsChanged: () => Promise<void>;
  /** Aborts when the client cancels the call. */
  signal: AbortSignal;
  /**
   * Asks the client during the call (`elicitation/create`, `sampling/createMessage`, `roots/list`):
   * on 2025 eras as a server-to-client request; on 2026-07-28 as an `input_required` result the
   * client answers and retries, the tool running again from the start with the answers so far.
   */
  request: (method: McpTestRequestMethod, params?: Record<string, unknown>) => Promise<Record<string, unknown>>;
};

export type McpTestRequestMethod = 'elicitation/create' | 'sampling/createMessage' | 'roots/list';

/** On 2026-07-28 a request the client has not answered yet ends the call as `input_required`: a tool that catches errors lets this one through. */
export class InputNeeded extends Error {
  constructor(
    readonly key: string,
    readonly method: McpTestRequestMethod,
    readonly params: Record<string, unknown> | undefined,
  ) {
    super(`input needed: ${key}`);
  }
}

export type McpTestCallResult = { content: Record<string, unknown>[]; structuredContent?: Record<string, unknown>; isError?: boolean };

/** A few tools that cover the annotations: read-only, destructive, open-world, and one with an output schema. */
export const SAMPLE_MCP_TOOLS: McpTestTool[] = [
  {
    name: 'get_weather',
    title: 'Weather',
    description: 'Current weather for a city.',
    inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'], additionalProperties: false },
    outputSchema: { type: 'object', properties: { city: { type: 'string' }, celsius: { type: 'number' } }, required: ['city', 'celsius'] },
    annotations: { readOnlyHint: true, openWorldHint: true },
    run: (args) => {
      const structuredContent = { city: String(args.city), celsius: 21 };
      return { content: [{ type: 'text', text: JSON.stringify(structuredContent) }], structuredContent };
    },
  },
  {
    name: 'delete_file',
    description: 'Deletes a file by path.',
    inputSchema: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'], additionalProperties: false },
    annotations: { destructiveHint: true },
    run: (args) => ({ content: [{ type: 'text', text: `deleted ${String(args.path)}` }] }),
  },
  {
    name: 'fail',
    description: 'Always reports an error.',
    inputSchema: { type: 'object', properties: {} },
    run: () => ({ content: [{ type: 'text', text: 'the disk is full' }], isError: true }),
  },
];
