import { formatArguments, formatScript, type Preset } from './preset';

const source = `import { z } from 'zod';
import { defineTool } from 'playground';

// Under the "review" permission mode, reads run freely and every other call waits for a
// human: approve or deny it inline on its call card. A denial (or no answer in time) is a
// model-visible "denied" result, and the turn goes on.
export default [
  defineTool({
    name: 'list_files',
    description: 'List every file in the workspace.',
    schema: z.object({}),
    isReadOnly: true,
    execute: async (_args, ctx) => ctx.files.list().join('\\n'),
  }),
  defineTool({
    name: 'delete_file',
    description: 'Delete a file from the workspace. Cannot be undone.',
    schema: z.object({ path: z.string() }),
    // Destructive tools ask first even in "auto" mode.
    isDestructive: true,
    describeActivity: (args) => \`Deleting \${args.path}\`,
    execute: async (args, ctx) => {
      await ctx.sleep(40);
      return ctx.files.delete(args.path) ? \`Deleted \${args.path}.\` : \`No such file: \${args.path}\`;
    },
  }),
  defineTool({
    name: 'send_email',
    description: 'Send an email.',
    schema: z.object({ to: z.string(), subject: z.string(), body: z.string() }),
    // Decided per call from the arguments: mail leaving example.com needs a human.
    // (In "review" mode every write asks anyway; switch to "auto" to see the difference.)
    needsApproval: (args) => !args.to.endsWith('@example.com'),
    describeActivity: (args) => \`Emailing \${args.to}\`,
    execute: async (args, ctx) => {
      await ctx.sleep(50);
      ctx.log(\`smtp: queued for \${args.to}\`);
      return \`Sent "\${args.subject}" to \${args.to}.\`;
    },
  }),
];
`;

const script = formatScript([
  {
    calls: [
      { name: 'list_files', arguments: formatArguments({}) },
      { name: 'delete_file', arguments: formatArguments({ path: 'build.log' }) },
      {
        name: 'send_email',
        arguments: formatArguments({ to: 'auditor@elsewhere.org', subject: 'Cleanup done', body: 'build.log was removed.' }),
      },
    ],
  },
  { text: 'Cleanup finished; see the results above for what was allowed.' },
]);

/** A destructive tool and an argument-dependent `needsApproval` under the review mode. */
export const approvalGatePreset: Preset = {
  id: 'approval-gate',
  title: 'Approval gate',
  summary:
    'Review mode: the listing runs at once, the destructive delete and the external email wait for your decision. Approve one and deny the other to see both outcomes.',
  source,
  script,
  model: { provider: 'scripted' },
  message: 'Delete build.log and tell the auditor it is done.',
  permissionMode: 'review',
  mode: 'chat',
  files: { 'build.log': 'step 1 ok\nstep 2 ok\n', 'README.md': '# Project\n' },
};
