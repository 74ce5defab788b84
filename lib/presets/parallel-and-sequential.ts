import { formatArguments, formatScript, type Preset } from './preset';

const source = `import { z } from 'zod';
import { defineTool } from 'playground';

// Read-only tools run in parallel by default: consecutive parallel calls form one batch.
// Tools that write are sequential by default: each is a barrier that runs alone, after
// everything the model listed before it and before everything it listed after it.
export default [
  defineTool({
    name: 'read_file',
    description: 'Read a text file from the workspace.',
    schema: z.object({ path: z.string().describe('Workspace-relative path') }),
    isReadOnly: true,
    describeActivity: (args) => \`Reading \${args.path}\`,
    execute: async (args, ctx) => {
      ctx.log(\`open \${args.path}\`);
      await ctx.sleep(50);
      return ctx.files.read(args.path) ?? \`No such file: \${args.path}\`;
    },
  }),
  defineTool({
    name: 'write_file',
    description: 'Create or overwrite a text file in the workspace.',
    schema: z.object({
      path: z.string().describe('Workspace-relative path'),
      text: z.string().describe('The full new contents'),
    }),
    // Explicit here for clarity; a tool that is not read-only is sequential anyway.
    executionMode: 'sequential',
    describeActivity: (args) => \`Writing \${args.path}\`,
    execute: async (args, ctx) => {
      await ctx.sleep(40);
      ctx.files.write(args.path, args.text);
      return \`Wrote \${args.text.length} characters to \${args.path}.\`;
    },
  }),
];
`;

const script = formatScript([
  {
    text: 'I will read the three notes, write a summary, then read it back.',
    calls: [
      { name: 'read_file', arguments: formatArguments({ path: 'notes/monday.md' }) },
      { name: 'read_file', arguments: formatArguments({ path: 'notes/tuesday.md' }) },
      { name: 'read_file', arguments: formatArguments({ path: 'notes/wednesday.md' }) },
      {
        name: 'write_file',
        arguments: formatArguments({ path: 'summary.md', text: '# Summary\n- Shipped the parser\n- Fixed the flaky test\n- Planned the release\n' }),
      },
      // Listed after the write, so it runs after it and sees the new file.
      { name: 'read_file', arguments: formatArguments({ path: 'summary.md' }) },
    ],
  },
  { text: 'The summary is written to summary.md and reads back correctly.' },
]);

/** Three reads overlap, a write holds everything after it, and a later read sees the write. */
export const parallelAndSequentialPreset: Preset = {
  id: 'parallel-and-sequential',
  title: 'Parallel vs sequential',
  summary:
    'Three reads run together in one batch; the write is a barrier; the read listed after the write sees the new file. Watch the lane view.',
  source,
  script,
  model: { provider: 'scripted' },
  message: 'Summarize my notes for the week into summary.md.',
  permissionMode: 'auto',
  mode: 'chat',
  files: {
    'notes/monday.md': 'Shipped the parser.',
    'notes/tuesday.md': 'Fixed the flaky test.',
    'notes/wednesday.md': 'Planned the release.',
  },
};
