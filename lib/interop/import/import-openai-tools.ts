import { isPlainObject, err, ok, type Result } from '@/lib/runtime';
import type { ImportedTool, SkippedTool } from './imported-tool';
import { normalizeToolSchema } from './normalize-tool-schema';
import { describeJsonType, readOptionalBoolean, readOptionalString, readParameterSchema, readString } from './read-import-fields';
import { claimToolName, isValidToolName, sanitizeToolName, takenIn, type TakenNames } from '../schema';

type OpenAIFormat = 'openai-responses' | 'openai-chat-completions';

/** The tools of an OpenAI `tools` array, the entries that could not be read, and which API's shape it has. */
export type OpenAIImport = { tools: ImportedTool[]; skipped: SkippedTool[]; format: OpenAIFormat };

type Context = OpenAIImport & { notes: string[]; taken: TakenNames };
type Group = { namespace?: string; namespaceDescription?: string; defaultStrict: boolean };

/**
 * Tools from an OpenAI `tools` array: Responses functions (flat `name`/`parameters`, namespaces,
 * `defer_loading`) or Chat Completions functions (nested under `function`). Hosted tools such as
 * `tool_search` or `web_search` have no schema to edit and are left out with a note; a function
 * whose fields cannot be read is skipped with the reason. Names outside `^[a-zA-Z0-9_-]{1,64}$`
 * are rewritten, with a note.
 */
export function importOpenAITools(list: unknown[], pointer: string, notes: string[]): OpenAIImport {
  const context: Context = { tools: [], skipped: [], format: 'openai-responses', notes, taken: new Map() };
  for (const [index, entry] of list.entries()) {
    const at = `${pointer}/${index}`;
    if (!isPlainObject(entry)) {
      context.skipped.push({ pointer: at, reason: `${at}: expected a tool object, got ${describeJsonType(entry)}.` });
    } else if (entry.type === 'namespace') {
      readNamespace(entry, at, context);
    } else if (entry.type === 'function' && isPlainObject(entry.function)) {
      context.format = 'openai-chat-completions';
      addFunction(entry.function, `${at}/function`, { defaultStrict: false }, context);
    } else if (entry.type === 'function') {
      addFunction(entry, at, { defaultStrict: true }, context);
    } else if (typeof entry.type === 'string') {
      notes.push(`${at}: skipped the hosted ${JSON.stringify(entry.type)} tool; it has no parameter schema to edit.`);
    } else {
      context.skipped.push({ pointer: at, ...nameOf(entry), reason: `${at}/type: expected "function" or "namespace", got ${describeJsonType(entry.type)}.` });
    }
  }
  return { tools: context.tools, skipped: context.skipped, format: context.format };
}

function readNamespace(entry: Record<string, unknown>, at: string, context: Context): void {
  const skip = (reason: string) => context.skipped.push({ pointer: at, ...nameOf(entry), reason });
  const name = readString(entry, 'name', at);
  if (!name.ok) return void skip(name.error.message);
  const description = readOptionalString(entry, 'description', at);
  if (!description.ok) return void skip(description.error.message);
  if (!Array.isArray(entry.tools)) return void skip(`${at}/tools: expected an array of functions, got ${describeJsonType(entry.tools)}.`);
  const namespace = isValidToolName(name.value) ? name.value : sanitizeToolName(name.value, new Set());
  if (namespace !== name.value) context.notes.push(`${at}/name: namespace ${JSON.stringify(name.value)} renamed to ${JSON.stringify(namespace)}.`);
  for (const [index, member] of entry.tools.entries()) {
    const memberAt = `${at}/tools/${index}`;
    if (!isPlainObject(member) || member.type !== 'function') {
      context.skipped.push({ pointer: memberAt, ...nameOf(member), reason: `${memberAt}: expected a {"type": "function"} tool inside the namespace.` });
      continue;
    }
    addFunction(member, memberAt, { namespace, namespaceDescription: description.value, defaultStrict: true }, context);
  }
}

function addFunction(entry: Record<string, unknown>, at: string, group: Group, context: Context): void {
  const tool = readFunction(entry, at, group, context.taken);
  if (tool.ok) context.tools.push(tool.value);
  else context.skipped.push({ pointer: at, ...nameOf(entry), reason: tool.error });
}

function readFunction(entry: Record<string, unknown>, at: string, group: Group, taken: TakenNames): Result<ImportedTool, string> {
  const name = readString(entry, 'name', at);
  if (!name.ok) return err(name.error.message);
  const description = readOptionalString(entry, 'description', at);
  if (!description.ok) return err(description.error.message);
  const strict = readOptionalBoolean(entry, 'strict', at);
  if (!strict.ok) return err(strict.error.message);
  const deferLoading = readOptionalBoolean(entry, 'defer_loading', at);
  if (!deferLoading.ok) return err(deferLoading.error.message);
  const schema = readParameterSchema(entry, 'parameters', at);
  if (!schema.ok) return err(schema.error.message);
  const normalized = normalizeToolSchema(schema.value, `${at}/parameters`);
  if (!normalized.ok) return normalized;
  const toolName = claimToolName(name.value, takenIn(taken, group.namespace));
  const renamed = toolName !== name.value ? [`${at}/name: ${JSON.stringify(name.value)} renamed to ${JSON.stringify(toolName)}.`] : [];
  return ok({
    name: toolName,
    ...(group.namespace ? { namespace: group.namespace, namespaceDescription: group.namespaceDescription } : {}),
    description: description.value || toolName,
    jsonSchema: normalized.value.schema,
    // OpenAI's Responses API defaults `strict` to true; Chat Completions to false.
    strict: strict.value ?? group.defaultStrict,
    deferLoading: deferLoading.value ?? false,
    origin: `OpenAI function ${group.namespace ? `${group.namespace}.` : ''}${name.value}`,
    tags: [],
    notes: [...renamed, ...normalized.value.notes],
  });
}

function nameOf(entry: unknown): { name?: string } {
  return isPlainObject(entry) && typeof entry.name === 'string' && entry.name !== '' ? { name: entry.name } : {};
}
