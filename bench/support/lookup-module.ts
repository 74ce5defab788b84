/** A module of one read-only tool, `lookup`, that sleeps `sleepMs` to stand for I/O: what the throughput benches run. */
export function createLookupModule(sleepMs: number): string {
  return `import { z } from 'zod';
import { defineTool } from 'playground';

export default [
  defineTool({
    name: 'lookup',
    description: 'Look a key up (sleeps briefly to stand for I/O).',
    schema: z.object({ key: z.string() }),
    isReadOnly: true,
    execute: async (args, ctx) => {
      await ctx.sleep(${sleepMs});
      return 'value of ' + args.key;
    },
  }),
];
`;
}
