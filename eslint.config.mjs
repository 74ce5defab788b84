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
  { group: ['@/lib/models/*', '@/lib/sandbox/*', '@/lib/sessions/*', '../models/*', '../sandbox/*', '../sessions/*'], message: 'lib/runtime depends on nothing above it.' },
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
    files: ['**/*.mjs', '**/*.js'],
    ...tseslint.configs.disableTypeChecked,
  },
);
