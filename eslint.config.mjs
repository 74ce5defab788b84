import tseslint from 'typescript-eslint';

const runtimeForbidden = [
  { name: 'react', message: 'lib/runtime is framework-free.' },
  { name: 'react-dom', message: 'lib/runtime is framework-free.' },
  { name: 'server-only', message: 'lib/runtime runs anywhere.' },
];
const runtimeForbiddenPatterns = [
  { group: ['next', 'next/*'], message: 'lib/runtime is framework-free.' },
  { group: ['@/components/*', '**/components/*'], message: 'lib/runtime must not import UI.' },
  { group: ['node:*', 'fs', 'path', 'child_process', 'http', 'https', 'net', 'os', 'worker_threads'], message: 'lib/runtime has no Node-only imports.' },
  { group: ['@/lib/*', '!@/lib/runtime', '!@/lib/runtime/**', '../models/*', '../sandbox/*', '../sessions/*', '../../*', '!../../runtime/**'], message: 'lib/runtime depends on nothing above it.' },
];

/**
 * What code that reaches the browser may not import at run time: Node, the server's modules, the
 * sandbox pool and worker, the egress layer, and the session store (`lib/sessions/store`; the
 * records in `lib/sessions/record` are browser-safe). Type-only imports are fine: they vanish.
 */
const browserForbiddenPatterns = [
  { group: ['node:*', 'fs', 'path', 'child_process', 'http', 'https', 'net', 'os', 'worker_threads', 'undici', 'pg', 'better-sqlite3', '@electric-sql/*'], message: 'Browser code has no Node-only imports.', allowTypeImports: true },
  { group: ['@/lib/server/*', '@/lib/sandbox/pool/*', '@/lib/sandbox/worker/*', '@/lib/models/egress/*', '@/lib/models/server', '@/lib/models/server/*'], message: 'Server-only module: browser code may import its types only.', allowTypeImports: true },
  {
    group: ['@/lib/sessions/store', '@/lib/sessions/store/*'],
    message: 'The session store is server-only: browser code takes what it needs of sessions from @/lib/sessions (the records).',
    allowTypeImports: true,
  },
];

export default tseslint.config(
  { ignores: ['.next/**', 'node_modules/**', 'public/**', 'test-results/**', 'playwright-report/**', 'next-env.d.ts', 'lib/sandbox/generated/**', '.generated/**'] },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Long functions hide their steps: name them. Tests and benchmarks read as scripts and are exempt.
    files: ['lib/**/*.{ts,tsx}', 'components/**/*.{ts,tsx}', 'app/**/*.{ts,tsx}'],
    rules: { 'max-lines-per-function': ['error', { max: 100, skipBlankLines: true, skipComments: true }] },
  },
  {
    files: ['lib/runtime/**/*.ts'],
    languageOptions: { globals: {} },
    rules: {
      'no-restricted-imports': ['error', { paths: runtimeForbidden, patterns: runtimeForbiddenPatterns }],
      'no-restricted-globals': ['error',
        { name: 'window', message: 'lib/runtime has no DOM.' },
        { name: 'document', message: 'lib/runtime has no DOM.' },
        { name: 'process', message: 'lib/runtime reads no environment; inject configuration.' },
      ],
    },
  },
  {
    files: ['components/**/*.{ts,tsx}', 'lib/client/**/*.ts', 'lib/contract/**/*.ts', 'lib/compare/**/*.ts', 'lib/evaluation/**/*.ts', 'lib/interop/**/*.ts', 'lib/presets/**/*.ts', 'lib/timeline/**/*.ts', 'lib/traces/**/*.ts'],
    rules: {
      'no-restricted-imports': 'off',
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: browserForbiddenPatterns }],
    },
  },
  {
    files: ['**/*.mjs', '**/*.js'],
    ...tseslint.configs.disableTypeChecked,
  },
);
