import { formatArguments, formatScript, type Preset } from './preset';

const source = `import { z } from 'zod';
import { defineTool } from 'playground';

// OpenAI strict mode accepts only a subset of JSON Schema. Each tool below trips one rule;
// open the schema panel to see the violation, and what the playground sends instead.
export default [
  defineTool({
    name: 'create_reminder',
    description: 'Create a reminder with an optional note.',
    schema: z.object({
      text: z.string(),
      // Pitfall: strict mode wants every property in "required"; an optional one is not.
      // The playground strictifies it to a required ["string", "null"] and drops the null
      // before execute sees it (see "restored input" on the call card).
      // Fix by hand: note: z.string().nullable(), and treat null as "no note".
      note: z.string().optional(),
    }),
    describeActivity: (args) => \`Reminder: \${args.text}\`,
    execute: async (args) => (args.note === undefined ? \`Reminder set: \${args.text}\` : \`Reminder set: \${args.text} (\${args.note})\`),
  }),
  defineTool({
    name: 'notify',
    description: 'Send a notification by email or SMS.',
    schema: z.object({
      message: z.string(),
      // Pitfall: z.discriminatedUnion becomes "oneOf", which strict mode rejects.
      // Fix: z.union([...]) becomes "anyOf", which strict mode accepts below the root.
      channel: z.discriminatedUnion('kind', [
        z.object({ kind: z.literal('email'), address: z.string() }),
        z.object({ kind: z.literal('sms'), phone: z.string() }),
      ]),
    }),
    execute: async (args) =>
      args.channel.kind === 'email' ? \`Emailed \${args.channel.address}\` : \`Texted \${args.channel.phone}\`,
  }),
  defineTool({
    name: 'set_priority',
    description: 'Set the priority of a task.',
    schema: z.object({
      task: z.string(),
      // Pitfall: "default" is not a supported keyword in strict mode.
      // Fix: make the field required (the model must choose) and apply defaults in execute.
      priority: z.enum(['low', 'normal', 'high']).default('normal'),
    }),
    execute: async (args) => \`\${args.task} is now \${args.priority} priority.\`,
  }),
  defineTool({
    name: 'tag_item',
    description: 'Attach key/value tags to an item.',
    // Pitfall: z.record has open keys, but strict mode needs additionalProperties: false
    // everywhere, so no strict form exists. Here strict is switched off for this tool.
    // Fix that keeps strict: tags: z.array(z.object({ key: z.string(), value: z.string() })).
    strict: false,
    schema: z.object({
      item: z.string(),
      tags: z.record(z.string(), z.string()),
    }),
    execute: async (args) => \`Tagged \${args.item} with \${Object.keys(args.tags).join(', ')}.\`,
  }),
];
`;

const script = formatScript([
  {
    calls: [
      // A strict model sends null for a field it leaves out.
      { name: 'create_reminder', arguments: formatArguments({ text: 'Pay rent', note: null }) },
      { name: 'notify', arguments: formatArguments({ message: 'Rent is due', channel: { kind: 'email', address: 'me@example.com' } }) },
      { name: 'set_priority', arguments: formatArguments({ task: 'Pay rent', priority: 'high' }) },
      { name: 'tag_item', arguments: formatArguments({ item: 'Pay rent', tags: { area: 'home', owner: 'me' } }) },
    ],
  },
  { text: 'Reminder created, you will get an email, it is high priority and tagged.' },
]);

/** Optional fields, a discriminated union, a default and a record under strict mode, with the fixes. */
export const strictModePitfallsPreset: Preset = {
  id: 'strict-mode-pitfalls',
  title: 'Strict-mode pitfalls',
  summary:
    'An optional field, a discriminated union, a .default() and a z.record: see each strict violation in the schema panel, the strictified schema that is sent, and the comments with the fix.',
  source,
  script,
  model: { provider: 'scripted' },
  message: 'Remind me to pay rent, email me about it, make it high priority and tag it home/me.',
  permissionMode: 'auto',
  mode: 'chat',
};
