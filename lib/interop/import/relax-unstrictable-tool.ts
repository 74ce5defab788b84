import { strictifySchema, attachDefinitions } from '@/lib/runtime';
import { describeStrictRefusal } from '../schema';
import type { ImportedTool, SharedDefinitions } from './imported-tool';
import { qualifyImportedTool } from './import-picker';

/**
 * A tool left strict (the playground's default) whose schema OpenAI strict mode rejects and
 * strictify cannot fix would stop every turn of the module; imported with `strict: false`
 * instead, and a note that says why in one sentence, naming what strictify could not rewrite
 * (not whatever the strict check met first, which strictify may well fix). A tool imported as
 * explicitly strict keeps its choice.
 */
export function relaxUnstrictableTool(tool: ImportedTool, definitions: SharedDefinitions): ImportedTool {
  if (tool.strict !== undefined) return tool;
  const attached = attachDefinitions(tool.jsonSchema, definitions);
  if (!attached.ok) return tool;
  const outcome = strictifySchema(attached.value);
  if (outcome.ok) return tool;
  const note = `${qualifyImportedTool(tool)}: imported with strict: false because ${describeStrictRefusal(outcome.violations, attached.value)}.`;
  return { ...tool, strict: false, notes: [...tool.notes, note] };
}
