// The layers of the code, bottom to top, written once: `npm run lint` (scripts/check-layers.mjs)
// refuses an import of a folder above its own line or beside it, a deep import into another
// folder, an import cycle between folders, and an import of tests/ from outside it, naming the file,
// the import and the rule.

/** Bottom to top; a folder may import only the folders on the lines before its own. */
export const LAYERS = [
  ['lib/runtime'], // the pure tool runtime: zod and nothing of ours
  ['lib/contract'], // what crosses a wire or a thread (schemas, answers, limits): the runtime
  ['lib/models'], // model adapters and egress: the contract and the runtime
  ['lib/mcp'], // MCP servers as tool sources (browser-safe face, server-only ./server): models' egress and below
  ['lib/interop', 'lib/assertions', 'lib/compare', 'lib/evaluation', 'lib/timeline', 'lib/presets'], // pure and browser-safe: models and below
  ['lib/sessions'], // session records (browser-safe) and their store (server): everything above this line
  ['lib/replay'], // a turn on its tape, replays, stored comparisons, assertion checks: sessions and below (the pool is injected)
  ['lib/traces'], // traces in and out (OTLP JSON, GenAI conventions), pure: replay and below
  ['lib/sandbox'], // the worker pool and QuickJS, server-only: replay and below (its worker runs them)
  ['lib/server', 'lib/client'], // HTTP (server-only) / browser state: all of lib below, never each other
  ['components'], // React UI: lib's browser-safe faces
  ['app'], // Next routes and pages, thin: components and lib
];

const escape = (folder) => folder.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const anyOf = (folders) => `^(${folders.map(escape).join('|')})/`;

/** One rule per layer: nothing on its own line (but itself) or above. */
const layerRules = LAYERS.flatMap((line, index) =>
  line.map((folder) => {
    const refused = LAYERS.slice(index).flat().filter((other) => other !== folder);
    const allowed = LAYERS.slice(0, index).flat();
    return {
      name: 'layer-order',
      severity: 'error',
      comment: `${folder} may import only ${allowed.length > 0 ? allowed.join(', ') : 'nothing of ours'} (the layers below it).`,
      from: { path: `^${escape(folder)}/` },
      to: { path: anyOf(refused) },
    };
  }),
).filter((rule) => rule.to.path !== '^()/');

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    ...layerRules,
    {
      name: 'deep-import',
      severity: 'error',
      comment: "From outside a lib folder, import its index.ts (or a subfolder's index.ts), never a file inside it.",
      from: { path: '^(lib/[^/]+|components|app)/' },
      to: { path: '^lib/[^/]+/', pathNot: ['^$1/', '^lib/[^/]+/index\\.tsx?$', '^lib/[^/]+/[^/]+/index\\.tsx?$'] },
    },
    {
      name: 'folder-cycle',
      severity: 'error',
      comment: 'Two folders import each other (through any chain): move what both need below both.',
      scope: 'folder',
      from: { path: '^(lib|components|app)/' },
      to: { circular: true },
    },
    {
      name: 'test-import',
      severity: 'error',
      comment: 'Only tests import from tests/: what benchmarks share with tests lives in harness/ (or @/lib/runtime/testing).',
      from: { path: '^(lib|components|app|bench|harness)/' },
      to: { path: '^tests/' },
    },
  ],
  options: {
    includeOnly: '^(lib|components|app|bench|harness|tests)/',
    exclude: { path: '(^|/)(node_modules|\\.next|generated)/' },
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
  },
};
