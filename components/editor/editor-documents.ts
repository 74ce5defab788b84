import type { EditorTab } from '@/lib/client';

/** How each editor tab is presented: its label, Monaco model path and language. */
export type EditorDocument = { tab: EditorTab; label: string; path: string; language: 'typescript' | 'json' };

export const EDITOR_DOCUMENTS: readonly EditorDocument[] = [
  { tab: 'tools', label: 'tools.ts', path: 'file:///tools.ts', language: 'typescript' },
  { tab: 'script', label: 'script.json', path: 'file:///script.json', language: 'json' },
  { tab: 'result-schema', label: 'result-schema.json', path: 'file:///result-schema.json', language: 'json' },
  { tab: 'files', label: 'files', path: 'file:///files.json', language: 'json' },
];

export function findEditorDocument(tab: EditorTab): EditorDocument {
  return EDITOR_DOCUMENTS.find((document) => document.tab === tab) ?? (EDITOR_DOCUMENTS[0] as EditorDocument);
}
