import { loader } from '@monaco-editor/react';
import type * as MonacoModule from 'monaco-editor';
import * as monacoSubset from './monaco-subset.js';
import { PLAYGROUND_TYPES } from '@/lib/contract';

/** Where `scripts/bundle-zod-types.mjs` puts zod's declarations, served from our own origin. */
const ZOD_TYPES_URL = '/monaco/zod-types.json';

export type MonacoApi = typeof MonacoModule;

// Only the languages and services the editor uses (see monaco-subset.js); typed as the full API it is a part of.
const monaco = monacoSubset as unknown as MonacoApi;

/**
 * Makes Monaco run entirely from our origin: the editor code is bundled (instead of
 * @monaco-editor/react's default CDN loader) and the language workers are bundled files.
 */
function createWorker(_workerId: string, label: string): Worker {
  switch (label) {
    case 'typescript':
    case 'javascript':
      return new Worker(new URL('monaco-editor/language/typescript/ts.worker.js', import.meta.url), { type: 'module' });
    case 'json':
      return new Worker(new URL('monaco-editor/language/json/json.worker.js', import.meta.url), { type: 'module' });
    default:
      return new Worker(new URL('monaco-editor/editor/editor.worker.js', import.meta.url), { type: 'module' });
  }
}

self.MonacoEnvironment = { getWorker: createWorker };
loader.config({ monaco });

let typesLoaded: Promise<string | null> | null = null;

/** Sets compiler options and the `zod`/`playground` declarations once; resolves to a problem text or null. */
export function configureTypeScript(api: MonacoApi): Promise<string | null> {
  if (typesLoaded) return typesLoaded;
  const defaults = api.typescript.typescriptDefaults;
  defaults.setCompilerOptions({
    target: api.typescript.ScriptTarget.ESNext,
    module: api.typescript.ModuleKind.ESNext,
    moduleResolution: api.typescript.ModuleResolutionKind.NodeJs,
    allowNonTsExtensions: true,
    strict: true,
    noEmit: true,
    esModuleInterop: true,
    skipLibCheck: true,
  });
  defaults.setDiagnosticsOptions({ noSemanticValidation: false, noSyntaxValidation: false });
  defaults.addExtraLib(PLAYGROUND_TYPES, 'file:///node_modules/@types/playground/index.d.ts');
  typesLoaded = loadZodTypes(api);
  return typesLoaded;
}

async function loadZodTypes(api: MonacoApi): Promise<string | null> {
  let libraries: unknown;
  try {
    const response = await fetch(ZOD_TYPES_URL);
    if (!response.ok) return `zod types unavailable (${response.status}); run scripts/bundle-zod-types.mjs`;
    libraries = await response.json();
  } catch (error) {
    return `zod types unavailable: ${error instanceof Error ? error.message : String(error)}`;
  }
  if (typeof libraries !== 'object' || libraries === null) return 'zod types unavailable: unexpected file shape';
  for (const [path, text] of Object.entries(libraries)) {
    if (typeof text === 'string') api.typescript.typescriptDefaults.addExtraLib(text, path);
  }
  return null;
}

export function defineEditorThemes(api: MonacoApi): void {
  api.editor.defineTheme('playground-light', {
    base: 'vs',
    inherit: true,
    rules: [],
    colors: { 'editor.background': '#ffffff', 'editorGutter.background': '#ffffff' },
  });
  api.editor.defineTheme('playground-dark', {
    base: 'vs-dark',
    inherit: true,
    rules: [],
    colors: { 'editor.background': '#0b0d12', 'editorGutter.background': '#0b0d12' },
  });
}
