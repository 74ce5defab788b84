import { isPlainObject } from '@/lib/runtime/json';
import { ok, type Result } from '@/lib/runtime/result';
import type { ImportError, ImportedTool } from './imported-tool';
import { describeJsonType, failAt, readOptionalBoolean, readOptionalString, readParameterSchema, readString } from './read-import-fields';
import { isValidToolName } from './sanitize-tool-name';

type Context = { notes: string[]; tools: ImportedTool[]; format: 'openai-responses' | 'openai-chat-completions' };

/**
 * Tools from an OpenAI `tools` array: Responses functions (flat `name`/`parameters`, namespaces,
 * `defer_loading`) or Chat Completions functions (nested under `function`). Hosted tools such as
 * `tool_search` or `web_search` have no schema to edit and are skipped with a note.
 */
export function importOpenAITools(list: unknown[], pointer: string, notes: string[]): Result<{ tools: ImportedTool[]; format: Context['format'] }, ImportError> {
  const context: Context = { notes, tools: [], format: 'openai-responses' };
  for (const [index, entry] of list.entries()) {
    const at = `${pointer}/${index}`;
    if (!isPlainObject(entry)) return failAt(at, `expected a tool object, got ${describeJsonType(entry)}.`);
    if (entry.type === 'namespace') {
      const added = readNamespace(entry, at, context);
      if (!added.ok) return added;
    } else if (entry.type === 'function' && isPlainObject(entry.function)) {
      context.format = 'openai-chat-completions';
      const tool = readFunction(entry.function, `${at}/function`, { defaultStrict: false });
      if (!tool.ok) return tool;
      context.tools.push(tool.value);
    } else if (entry.type === 'function') {
      const tool = readFunction(entry, at, { defaultStrict: true });
      if (!tool.ok) return tool;
      context.tools.push(tool.value);
    } else if (typeof entry.type === 'string') {
      notes.push(`${at}: skipped the hosted ${JSON.stringify(entry.type)} tool; it has no parameter schema to edit.`);
    } else {
      return failAt(`${at}/type`, `expected "function" or "namespace", got ${describeJsonType(entry.type)}.`);
    }
  }
  return ok({ tools: context.tools, format: context.format });
}

function readNamespace(entry: Record<string, unknown>, at: string, context: Context): Result<null, ImportError> {
  const name = readString(entry, 'name', at);
  if (!name.ok) return name;
  if (!isValidToolName(name.value)) return failAt(`${at}/name`, `${JSON.stringify(name.value)} does not match ^[a-zA-Z0-9_-]{1,64}$.`);
  const description = readOptionalString(entry, 'description', at);
  if (!description.ok) return description;
  if (!Array.isArray(entry.tools)) return failAt(`${at}/tools`, `expected an array of functions, got ${describeJsonType(entry.tools)}.`);
  for (const [index, member] of entry.tools.entries()) {
    const memberAt = `${at}/tools/${index}`;
    if (!isPlainObject(member) || member.type !== 'function') return failAt(memberAt, 'expected a {"type": "function"} tool inside the namespace.');
    const tool = readFunction(member, memberAt, { namespace: name.value, namespaceDescription: description.value, defaultStrict: true });
    if (!tool.ok) return tool;
    context.tools.push(tool.value);
  }
  return ok(null);
}

function readFunction(
  entry: Record<string, unknown>,
  at: string,
  group: { namespace?: string; namespaceDescription?: string; defaultStrict: boolean },
): Result<ImportedTool, ImportError> {
  const name = readString(entry, 'name', at);
  if (!name.ok) return name;
  if (!isValidToolName(name.value)) return failAt(`${at}/name`, `${JSON.stringify(name.value)} does not match ^[a-zA-Z0-9_-]{1,64}$.`);
  const description = readOptionalString(entry, 'description', at);
  if (!description.ok) return description;
  const strict = readOptionalBoolean(entry, 'strict', at);
  if (!strict.ok) return strict;
  const deferLoading = readOptionalBoolean(entry, 'defer_loading', at);
  if (!deferLoading.ok) return deferLoading;
  const schema = readParameterSchema(entry, 'parameters', at);
  if (!schema.ok) return schema;
  return ok({
    name: name.value,
    ...(group.namespace ? { namespace: group.namespace, namespaceDescription: group.namespaceDescription } : {}),
    description: description.value ?? name.value,
    jsonSchema: schema.value,
    // OpenAI's Responses API defaults `strict` to true; Chat Completions to false.
    strict: strict.value ?? group.defaultStrict,
    deferLoading: deferLoading.value ?? false,
    origin: `OpenAI function ${group.namespace ? `${group.namespace}.` : ''}${name.value}`,
  });
}
