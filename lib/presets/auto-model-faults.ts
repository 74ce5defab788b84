import type { Preset } from './preset';

const source = `import { z } from 'zod';
import { defineTool } from 'playground';

// The embedded "auto" model picks tools relevant to the message and generates arguments
// that match their schemas, from a seed. With fault injection on, about half of its calls
// are sabotaged: malformed JSON, invalid arguments, unknown tool names, duplicated calls.
// Watch the runtime repair, reject and explain each one. Change the seed for another run.
export default [
  defineTool({
    name: 'search_docs',
    description: 'Search the product documentation and return the best matching passages.',
    schema: z.object({
      query: z.string().describe('What to look for'),
      limit: z.number().int().min(1).max(5).describe('How many passages'),
    }),
    isReadOnly: true,
    describeActivity: (args) => \`Searching docs for "\${args.query}"\`,
    execute: async (args, ctx) => {
      await ctx.sleep(50);
      return Array.from({ length: args.limit }, (_, i) => \`[\${i + 1}] \${args.query}: see the setup guide, section \${i + 2}.\`).join('\\n');
    },
  }),
  defineTool({
    name: 'get_ticket',
    description: 'Fetch a support ticket by its number.',
    schema: z.object({ ticket: z.number().int().min(1).max(9999).describe('Ticket number') }),
    isReadOnly: true,
    describeActivity: (args) => \`Ticket #\${args.ticket}\`,
    execute: async (args, ctx) => {
      await ctx.sleep(40);
      return { ticket: args.ticket, title: 'Login fails after upgrade', state: 'open' };
    },
  }),
  defineTool({
    name: 'add_comment',
    description: 'Add a comment to a support ticket.',
    schema: z.object({ ticket: z.number().int().min(1).max(9999), comment: z.string() }),
    describeActivity: (args) => \`Commenting on #\${args.ticket}\`,
    execute: async (args, ctx) => {
      await ctx.sleep(40);
      return \`Comment added to #\${args.ticket}.\`;
    },
  }),
];
`;

/** The seeded auto model with fault injection at rate 0.5. */
export const autoModelFaultsPreset: Preset = {
  id: 'auto-model-faults',
  title: 'Auto model with faults',
  summary:
    'A seeded model that calls the tools on its own, with half of its calls sabotaged. Each fault ends as a repair, a clear rejection or a normal result; the same seed replays the same turn.',
  source,
  model: { provider: 'auto', seed: 14, faults: { rate: 0.5 } },
  message: 'Search the docs about login errors, fetch ticket 42 and add a comment to the ticket with what you found.',
  permissionMode: 'auto',
  mode: 'chat',
  maxIterations: 4,
};
