import { formatArguments, formatScript, type Preset } from './preset';

const source = `import { z } from 'zod';
import { defineTool } from 'playground';

// In task mode the runtime adds a built-in submit_result tool whose parameters are the
// result schema (see the run panel). A submission that does not match is rejected with
// each invalid path, visible to the model; a valid one ends the turn with the result.
export default [
  defineTool({
    name: 'lookup_order',
    description: 'Look up an order by its id.',
    schema: z.object({ order_id: z.string().describe('e.g. "A-1001"') }),
    isReadOnly: true,
    describeActivity: (args) => \`Order \${args.order_id}\`,
    execute: async (args, ctx) => {
      await ctx.sleep(40);
      return { order_id: args.order_id, status: 'shipped', items: 3, total_cents: 4599 };
    },
  }),
];
`;

const resultSchema = JSON.stringify(
  {
    type: 'object',
    properties: {
      order_id: { type: 'string' },
      status: { type: 'string', enum: ['pending', 'shipped', 'delivered'] },
      total: { type: 'number', description: 'In euros' },
    },
    required: ['order_id', 'status', 'total'],
    additionalProperties: false,
  },
  null,
  2,
);

const script = formatScript([
  { calls: [{ name: 'lookup_order', arguments: formatArguments({ order_id: 'A-1001' }) }] },
  {
    // Rejected: "total" is a string and "status" is not one of the allowed values.
    calls: [{ name: 'submit_result', arguments: formatArguments({ order_id: 'A-1001', status: 'sent', total: '45.99' }) }],
  },
  { calls: [{ name: 'submit_result', arguments: formatArguments({ order_id: 'A-1001', status: 'shipped', total: 45.99 }) }] },
]);

/** Task mode: the first `submit_result` is rejected with its invalid paths, the second ends the turn. */
export const taskSubmitResultPreset: Preset = {
  id: 'task-submit-result',
  title: 'Task mode with submit_result',
  summary:
    'The turn ends only when a submission matches the result schema: the first is rejected path by path, the second is accepted and becomes the turn result.',
  source,
  script,
  model: { provider: 'scripted' },
  message: 'What is the status and total of order A-1001?',
  permissionMode: 'auto',
  mode: 'task',
  resultSchema,
};
