// Test tools that ask the client during a call: a form, a link to open, sampling, roots.
import { InputNeeded, type McpTestTool } from './mcp-test-tool';

/** The error a refused request ends in, as the tool's text; a round of 2026-07-28 still ends the call. */
function refusal(error: unknown): { error: string } {
  if (error instanceof InputNeeded) throw error;
  return { error: String(error) };
}

export const CONFIRM_FORM = {
  type: 'object',
  properties: {
    confirm: { type: 'boolean', title: 'Delete it?' },
    reason: { type: 'string', title: 'Why', minLength: 3 },
    copies: { type: 'integer', title: 'Copies to keep', minimum: 0, maximum: 3 },
    color: { type: 'string', title: 'Label', enum: ['red', 'green'], enumNames: ['Red', 'Green'] },
  },
  required: ['confirm'],
} as const;

export const ASKING_MCP_TOOLS: McpTestTool[] = [
  {
    name: 'confirm_delete',
    description: 'Asks the user to confirm before deleting.',
    inputSchema: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
    run: async (args, context) => {
      const answer = await context.request('elicitation/create', { mode: 'form', message: `Delete ${String(args.path)}?`, requestedSchema: CONFIRM_FORM });
      return { content: [{ type: 'text', text: `answer: ${JSON.stringify(answer)}` }] };
    },
  },
  {
    name: 'login',
    description: 'Asks the user to sign in on a page of its own.',
    inputSchema: { type: 'object', properties: {} },
    run: async (_args, context) => {
      const answer = await context.request('elicitation/create', { mode: 'url', message: 'Sign in to continue.', url: 'https://auth.example.com/login?state=1', elicitationId: 'login-1' });
      return { content: [{ type: 'text', text: `answer: ${JSON.stringify(answer)}` }] };
    },
  },
  {
    name: 'summarize',
    description: 'Wants to borrow the client model.',
    inputSchema: { type: 'object', properties: {} },
    run: async (_args, context) => {
      const answer = await context.request('sampling/createMessage', { messages: [{ role: 'user', content: { type: 'text', text: 'hi' } }], maxTokens: 10 }).catch(refusal);
      return { content: [{ type: 'text', text: `sampling: ${JSON.stringify(answer)}` }] };
    },
  },
  {
    name: 'list_roots',
    description: 'Wants to see the client file system.',
    inputSchema: { type: 'object', properties: {} },
    run: async (_args, context) => {
      const answer = await context.request('roots/list').catch(refusal);
      return { content: [{ type: 'text', text: `roots: ${JSON.stringify(answer)}` }] };
    },
  },
];
