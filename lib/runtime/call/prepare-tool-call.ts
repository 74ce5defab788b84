import type { RegisteredTool, TurnToolSet } from '../tools/assemble-tools';
import type { EventEmitter } from '../events/create-event-emitter';
import type { JsonValue } from '../vocabulary/json';
import { checkArguments } from './check-arguments';
import type { ToolInputErrorCode } from '../vocabulary/issues';
import type { ValidationIssue } from '../vocabulary/issues';
import { suggestToolNames } from './suggest-tool-names';
import { formatIssueLine } from '../validation/format-validation-issues';

/** A proposed call that passed name lookup, argument repair and validation. */
export type RunnableCall = {
  callId: string;
  entry: RegisteredTool;
  /** The arguments as the tool receives them. */
  args: JsonValue;
};

/** A proposed call rejected before dispatch, with its model-visible reason. */
export type RejectedCall = { callId: string; name: string; code: ToolInputErrorCode; output: string };

export type PreparedCall = { kind: 'runnable'; call: RunnableCall } | { kind: 'rejected'; call: RejectedCall };

export type ProposedFunctionCall = { callId: string; name: string; namespace?: string; arguments: string };

export function qualifiedCallName(call: Pick<ProposedFunctionCall, 'name' | 'namespace'>): string {
  return call.namespace && !call.name.startsWith(`${call.namespace}.`) ? `${call.namespace}.${call.name}` : call.name;
}

/**
 * Name lookup → deferred-but-not-loaded check → `checkArguments` (repair ladder, undo
 * strictification, schema validation). Each step that decides something emits its event; nothing throws.
 */
export async function prepareToolCall(options: {
  call: ProposedFunctionCall;
  iteration: number;
  toolSet: TurnToolSet;
  loaded: ReadonlySet<string>;
  emitter: EventEmitter;
}): Promise<PreparedCall> {
  const { call, iteration, toolSet, emitter } = options;
  const name = qualifiedCallName(call);
  const base = { iteration, callId: call.callId, name };
  const reject = (code: ToolInputErrorCode, message: string, output: string, extra: { issues?: ValidationIssue[]; suggestions?: string[] } = {}): PreparedCall => {
    emitter.emit({ ...base, type: 'tool-input-error', code, message, ...extra });
    return { kind: 'rejected', call: { callId: call.callId, name, code, output } };
  };

  const entry = toolSet.byName.get(name);
  if (!entry) {
    const callable = [...toolSet.byName.keys()];
    const suggestions = suggestToolNames(name, callable);
    const hint = suggestions.length > 0 ? ` Did you mean: ${suggestions.join(', ')}?` : '';
    const message = `Unknown tool "${name}".${hint}`;
    return reject('unknown-tool', message, `Error: ${message} ${describeCallableTools(toolSet, options.loaded)}`, { suggestions });
  }
  if (entry.deferred && !options.loaded.has(name)) {
    const message = `Tool "${name}" is deferred and not loaded yet.`;
    return reject('not-loaded', message, `Error: ${message} Call tool_search first with a query describing what you need; the tools it returns become callable on your next step.`);
  }

  const checked = checkArguments(call.arguments, { parameters: entry.tool.parameters, strictified: entry.strictified }, (value) =>
    entry.tool.validateArguments(value),
  );
  if (!checked.ok) {
    const message = checked.message;
    return reject('unparseable-arguments', message, `Error: the arguments for ${name} could not be used. ${message}`);
  }
  const { parsed, restored } = checked;
  if (checked.repairs.length > 0) emitter.emit({ ...base, type: 'tool-input-repair', repairs: checked.repairs });

  const validation = await checked.validation;
  if (!validation.ok) {
    const issues = validation.error;
    const list = issues.map((issue) => `- ${formatIssueLine(issue)}`).join('\n');
    const message = `Invalid arguments for ${name}: ${issues.length} problem${issues.length === 1 ? '' : 's'}.`;
    return reject('invalid-arguments', message, `Error: invalid arguments for ${name}:\n${list}\nFix these and call ${name} again.`, { issues });
  }

  const activity = await describeSafely(() => entry.tool.describeActivity(validation.value));
  const changed = JSON.stringify(restored) !== JSON.stringify(parsed);
  emitter.emit({
    ...base,
    type: 'tool-input-available',
    input: parsed,
    ...(changed ? { restoredInput: restored } : {}),
    ...(activity ? { activity } : {}),
  });
  return { kind: 'runnable', call: { callId: call.callId, entry, args: validation.value } };
}

/** Labels are decoration: a failing `describeActivity` must not fail the call. */
export async function describeSafely(describe: () => Promise<string | undefined>): Promise<string | undefined> {
  try {
    const label = await describe();
    return typeof label === 'string' && label.trim() !== '' ? label.slice(0, 200) : undefined;
  } catch {
    return undefined;
  }
}

/** At most this many names are listed to a model that called a tool that does not exist. */
const MAX_LISTED_TOOLS = 30;

/**
 * What the model can call right now (deferred tools only once loaded), capped: a catalog of a
 * thousand tools must not answer one wrong name with all of them.
 */
function describeCallableTools(toolSet: TurnToolSet, loaded: ReadonlySet<string>): string {
  const names = [...toolSet.byName.entries()];
  const offered = names.filter(([name, entry]) => !entry.deferred || loaded.has(name)).map(([name]) => name);
  const deferred = names.length - offered.length;
  const listed = offered.length > MAX_LISTED_TOOLS ? `${offered.slice(0, MAX_LISTED_TOOLS).join(', ')} and ${offered.length - MAX_LISTED_TOOLS} more` : offered.join(', ');
  const available = offered.length > 0 ? `Available tools: ${listed}.` : 'No tool is loaded yet.';
  return deferred > 0 ? `${available} ${deferred} more are deferred: find them with tool_search.` : available;
}
