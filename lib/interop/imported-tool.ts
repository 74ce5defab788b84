import type { JsonSchema } from '@/lib/runtime/json';

/** Where an import came from. */
export type ImportFormat = 'mcp-tools-list' | 'openai-responses' | 'openai-chat-completions' | 'openapi';

/** One tool read from a foreign definition, ready to be written as a `defineTool({...})`. */
export type ImportedTool = {
  name: string;
  namespace?: string;
  namespaceDescription?: string;
  description: string;
  jsonSchema: JsonSchema;
  /** Unset: the playground default (strict). */
  strict?: boolean;
  deferLoading?: boolean;
  isReadOnly?: boolean;
  isDestructive?: boolean;
  /** What the stub `execute` says it stands for, e.g. `GET /pets/{petId}`. */
  origin: string;
};

/** Why an import failed: which field, at which JSON pointer. */
export type ImportError = {
  code: 'invalid-json' | 'unknown-format' | 'invalid-field' | 'no-tools';
  message: string;
  /** JSON pointer into the input, `''` for the whole document. */
  pointer: string;
};

/** A successful import: the tools, the module text for the editor, and what did not carry over. */
export type ToolImport = { format: ImportFormat; tools: ImportedTool[]; source: string; notes: string[] };
