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
  /** Aborts when the client cancels the call. */
  signal: AbortSignal;
};

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
