// Server-only: runs a few turns through the real path at start, before any visitor's turn does.
import { toEventStream } from './create-turn-event-feed';
import { readModelEnvironment } from './read-model-environment';
import { streamTurn } from './stream-turn';
import { turnRequestSchema, type TurnRequestBody } from '@/lib/contract';

const WARM_UP_MODULE = `import { z } from 'zod';
import { defineTool } from 'playground';

export default [
  defineTool({
    name: 'lookup',
    description: 'Looks a key up.',
    schema: z.object({ key: z.string() }),
    isReadOnly: true,
    execute: async (args, ctx) => {
      await ctx.sleep(1);
      return 'value of ' + args.key;
    },
  }),
];
`;

const WARM_UP_REQUEST: TurnRequestBody = {
  source: WARM_UP_MODULE,
  messages: [{ role: 'user', content: 'Look up a and b.' }],
  model: {
    provider: 'scripted',
    script: [
      { calls: [{ name: 'lookup', arguments: '{"key":"a"}' }, { name: 'lookup', arguments: '{"key":"b"}' }] },
      { calls: [{ name: 'lookup', arguments: "{'key': 'c',}" }] },
      { text: 'Looked up a, b and c.' },
    ],
  },
};

export type WarmTurnPathOptions = { turns: number; concurrency: number };

/**
 * Runs `turns` scripted turns (`concurrency` at a time) through request parsing, the turn loop,
 * the embedded model behind the openai SDK, the sandbox and the event stream, and drops them:
 * nothing is stored or shared. A just-started server ran its first turns' code unoptimized; a
 * burst of visitors right after a deploy waited ~3× longer for their first events than the next
 * burst did (docs/decisions/0004-first-event-under-a-burst.md). Resolves with the turns that
 * did not complete (none when all is well); never rejects.
 */
export async function warmTurnPath(options: WarmTurnPathOptions): Promise<string[]> {
  const problems: string[] = [];
  for (let started = 0; started < options.turns; started += options.concurrency) {
    const wave = Math.min(options.concurrency, options.turns - started);
    await Promise.all(Array.from({ length: wave }, (_, index) => runWarmUpTurn(`warm-up-${index}`).then((problem) => problem && problems.push(problem))));
  }
  return problems;
}

async function runWarmUpTurn(clientId: string): Promise<string | undefined> {
  try {
    const parsed = turnRequestSchema.safeParse(JSON.parse(JSON.stringify(WARM_UP_REQUEST)));
    if (!parsed.success) return `the warm-up request did not parse: ${parsed.error.issues[0]?.message}`;
    const started = await streamTurn({ request: parsed.data, clientId, env: readModelEnvironment() });
    if (!started.ok) return started.error;
    const text = await new Response(toEventStream(started.events)).text();
    return text.includes('"reason":"completed"') ? undefined : `a warm-up turn did not complete: ${text.slice(-300)}`;
  } catch (error) {
    return `a warm-up turn failed: ${error instanceof Error ? error.message : String(error)}`;
  }
}
