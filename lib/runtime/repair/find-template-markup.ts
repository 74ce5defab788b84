import type { JsonValue } from '../vocabulary/json';
import { createRepairError, type RepairError } from './repair-error';

/** Special tokens of chat templates: `<|im_end|>`, `<|tool_call_end|>`, DeepSeek's `<｜tool▁call▁end｜>`. */
const SPECIAL_TOKEN = /<[|｜][\w▁.-]{1,40}[|｜]>/;

/**
 * Tags chat templates wrap tool calls in; `<function=name>` and `<parameter=name>` carry the
 * name. A tag cut off at the end of the string (`</parameter`) counts too.
 */
const TEMPLATE_TAG =
  /<(\/?)(tool_call|tool_calls|function_call|function_calls|function|invoke|parameter|arg_key|arg_value)(?:\s*>|=[^<>\s]{0,200}>?|\s[^<>]{0,200}>|$)/g;

const MAX_SHOWN = 40;

/**
 * Refuses repaired arguments whose string values or property names hold chat-template markup,
 * the trace of a server-side parser that drew a value's end in the wrong place
 * (`{"command": "ls</arg_value>",}`): repairing them would guess where the value ends. Only
 * asked of text that did not parse as it came. A special token anywhere counts; a tag counts
 * when it is a fragment, so a value quoting a whole `<tool_call>…</tool_call>` pair stays content.
 */
export function findTemplateMarkup(value: JsonValue): RepairError | undefined {
  const found = findInValue(value);
  if (found === undefined) return undefined;
  const shown = found.fragment.length > MAX_SHOWN ? `${found.fragment.slice(0, MAX_SHOWN)}…` : found.fragment;
  return createRepairError(
    'template-markup-in-value',
    `Arguments contain tool-template markup (${shown}) ${found.where}; refusing to guess where the value ends.`,
  );
}

type Found = { fragment: string; where: string };

/** Walks the value with an explicit stack: arguments may nest deeper than the call stack allows. */
function findInValue(root: JsonValue): Found | undefined {
  const pending: { value: JsonValue; key: string | undefined }[] = [{ value: root, key: undefined }];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const { value, key } = next;
    if (typeof value === 'string') {
      const fragment = findFragment(value);
      if (fragment !== undefined) return { fragment, where: key === undefined ? 'inside a value' : `inside the value of ${JSON.stringify(key)}` };
    } else if (Array.isArray(value)) {
      for (let index = value.length - 1; index >= 0; index -= 1) pending.push({ value: value[index] ?? null, key });
    } else if (value !== null && typeof value === 'object') {
      const entries = Object.entries(value);
      for (const [name] of entries) {
        const fragment = findFragment(name);
        if (fragment !== undefined) return { fragment, where: `inside the property name ${JSON.stringify(name)}` };
      }
      for (let index = entries.length - 1; index >= 0; index -= 1) {
        const entry = entries[index];
        if (entry) pending.push({ value: entry[1], key: entry[0] });
      }
    }
  }
  return undefined;
}

/** The first special token, or the first tag left unbalanced within this one string. */
function findFragment(text: string): string | undefined {
  if (!text.includes('<')) return undefined;
  const token = SPECIAL_TOKEN.exec(text);
  if (token) return token[0];
  const open = new Map<string, string[]>();
  for (const match of text.matchAll(TEMPLATE_TAG)) {
    const [tag, slash, name] = match;
    if (name === undefined) continue;
    const stack = open.get(name) ?? [];
    if (slash === '/') {
      if (stack.pop() === undefined) return tag;
    } else {
      stack.push(tag);
    }
    open.set(name, stack);
  }
  for (const stack of open.values()) {
    const [unclosed] = stack;
    if (unclosed !== undefined) return unclosed;
  }
  return undefined;
}
