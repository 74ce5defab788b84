import { z } from 'zod';
import { sessionAssertionsSchema } from '@/lib/assertions';
import { elicitationAnswerRequestSchema, MCP_LIMITS, mcpTapeSchema, modelConfigSchema, removeMcpSecrets, removeModelSecrets, tapeEntrySchema, type McpServerRef, SANDBOX_LIMITS, TURN_LIMITS, turnRequestSchema, SESSION_LIMITS } from '@/lib/contract';
import {
  isPlainObject,
  err,
  ok,
  type Result,
  permissionModeSchema,
  runtimeEventSchema,
  turnModeSchema,
  modelSettingsSchema,
  TOOL_SEARCH_VERSIONS,
} from '@/lib/runtime';
import { expandSessionTexts } from './expand-session-texts';
import { SESSION_RECORD_VERSION } from './read-checked-session';
import { removeSessionSecrets } from './remove-session-secrets';

export { SESSION_RECORD_VERSION };

/** A model config as stored: never with an API key, and never the server's own tape (replay makes that from the record). */
const storedModelConfigSchema = modelConfigSchema
  .refine((config) => !('apiKey' in config), { message: 'A stored model config must not carry an apiKey.' })
  .refine((config) => config.provider !== 'tape', { message: 'A stored model config cannot be a tape: replay builds that from the recorded exchanges.' });

/** Ids are 128 random bits in base64url (22 characters). */
export const sessionIdSchema = z.string().regex(/^[A-Za-z0-9_-]{22}$/, 'A session id is 22 base64url characters.');

/** The playground as it was when the session was shared: what Fork loads into the editor. */
export const sessionPlaygroundSchema = z.object({
  source: z.string().max(TURN_LIMITS.sourceChars),
  /** JSON text of the scripted model's steps, as the editor held it. */
  script: z.string().max(TURN_LIMITS.sourceChars).optional(),
  /** JSON text of the task result schema, as the editor held it. */
  resultSchema: z.string().max(TURN_LIMITS.sourceChars).optional(),
  files: z.record(z.string().max(500), z.string().max(TURN_LIMITS.fileChars)).optional(),
  message: z.string().max(TURN_LIMITS.messageChars),
  model: storedModelConfigSchema,
  permissions: z.object({
    mode: permissionModeSchema,
    allow: z.array(z.string().max(200)).max(100).optional(),
    deny: z.array(z.string().max(200)).max(100).optional(),
  }),
  mode: turnModeSchema,
  maxIterations: z.number().int().min(1).max(TURN_LIMITS.maxIterations).optional(),
  /** The instructions field as it was. */
  instructions: z.string().max(TURN_LIMITS.instructionsChars).optional(),
  /** The model settings as they were (absent in records made before there were any). */
  modelSettings: modelSettingsSchema.optional(),
  /** Tools the user switched to "answer by hand". */
  answerByHand: z.array(z.string().max(200)).max(SANDBOX_LIMITS.toolsPerModule).optional(),
});

export const recordedApprovalSchema = z.object({
  callId: z.string(),
  approved: z.boolean(),
  reason: z.string().optional(),
});

/** An output a person typed for a call answered by hand. */
export const recordedOutputSchema = z.object({ callId: z.string(), output: z.string() });

/** A person's answer to a server's question, as the answer route took it. */
export const recordedElicitationSchema = elicitationAnswerRequestSchema;

/**
 * Where the runtime decided otherwise than the app a turn was imported from (its trace), on one
 * call the app ran: the name did not resolve, the arguments were rejected or repaired, or the
 * permission gate asked or denied. `note` says what the app did and what the runtime did.
 */
export const appDifferenceSchema = z.object({
  callId: z.string().max(200),
  kind: z.enum(['unknown-tool', 'arguments-rejected', 'arguments-repaired', 'permission-ask', 'permission-deny']),
  note: z.string().max(2000),
});

/** One finished turn: the request without secrets, the raw model exchanges, the decisions, the events. */
export const sessionTurnSchema = z.object({
  turnId: z.string().min(1).max(200),
  /** `toolSearch` is required here: a stored turn says which ranking its client-side searches ran with. */
  request: turnRequestSchema.extend({ model: storedModelConfigSchema, toolSearch: z.enum(TOOL_SEARCH_VERSIONS) }),
  tape: z.array(tapeEntrySchema).max(SESSION_LIMITS.exchangesPerTurn, `A turn holds at most ${SESSION_LIMITS.exchangesPerTurn} model exchanges.`),
  /** The MCP servers' side of the turn (its servers' tools, calls and raw messages; never headers), when it had servers. */
  mcp: mcpTapeSchema.optional(),
  /**
   * `v1`: recorded before every validator's messages were phrased by one formatter, so its
   * rejected calls' texts differ from a replay's by wording alone (absent: the current wording).
   */
  validationWording: z.literal('v1').optional(),
  /**
   * `v1`: recorded by the first runtime, whose events lacked fields added since (usage details,
   * the conversation and state on `turn-end`): a field its events lack is not compared on replay.
   */
  eventFields: z.literal('v1').optional(),
  approvals: z.array(recordedApprovalSchema),
  outputs: z.array(recordedOutputSchema),
  /** What people answered to the servers' questions (absent: nobody was asked): a replay answers from these and asks nobody. */
  elicitations: z.array(recordedElicitationSchema).max(MCP_LIMITS.callsPerTurn * MCP_LIMITS.questionsPerCall).optional(),
  events: z.array(runtimeEventSchema).max(TURN_LIMITS.eventsPerTurn, `A turn holds at most ${TURN_LIMITS.eventsPerTurn} events.`),
  /** A turn imported from an app's trace: the calls the app ran that the runtime decided otherwise about (absent: none, or not imported). */
  appDifferences: z.array(appDifferenceSchema).max(TURN_LIMITS.eventsPerTurn).optional(),
});

/**
 * An immutable shared session (DESIGN §7): a conversation of one or more turns, every text in
 * place. It is stored, sent and exported as a `StoredSessionRecord` (each distinct text once).
 */
export const sessionRecordSchema = z.object({
  version: z.literal(SESSION_RECORD_VERSION),
  id: sessionIdSchema,
  createdAt: z.iso.datetime(),
  title: z.string().max(SESSION_LIMITS.titleChars).optional(),
  playground: sessionPlaygroundSchema,
  turns: z.array(sessionTurnSchema).min(1, 'A session needs at least one turn.').max(SESSION_LIMITS.turnsPerSession),
  /** Expectations about its tool calls, checked on every view and Replay (absent: none). */
  assertions: sessionAssertionsSchema.optional(),
});

export type SessionPlayground = z.infer<typeof sessionPlaygroundSchema>;
export type SessionTurn = z.infer<typeof sessionTurnSchema>;
export type SessionRecord = z.infer<typeof sessionRecordSchema>;
export type RecordedApproval = z.infer<typeof recordedApprovalSchema>;
export type AppDifference = z.infer<typeof appDifferenceSchema>;
export type RecordedOutput = z.infer<typeof recordedOutputSchema>;

/** Upgrades from version n to n + 1, keyed by n. */
const UPGRADES: Record<number, (record: Record<string, unknown>) => Record<string, unknown>> = {
  // Version 2 records hand-typed outputs per turn; a version 1 turn had none, and its events lack later fields.
  1: (record) => ({
    ...record,
    turns: Array.isArray(record.turns) ? record.turns.map((turn: unknown) => (isPlainObject(turn) ? { outputs: [], ...turn, eventFields: 'v1' } : turn)) : record.turns,
  }),
  // Version 3 records the Tool Search ranking per turn; every earlier turn ran v1.
  2: (record) => ({ ...record, turns: Array.isArray(record.turns) ? record.turns.map(stampLegacyToolSearch) : record.turns }),
  // Version 4 says which validation wording a turn was recorded with; every earlier turn had the old one.
  3: (record) => ({
    ...record,
    turns: Array.isArray(record.turns) ? record.turns.map((turn: unknown) => (isPlainObject(turn) ? { ...turn, validationWording: 'v1' } : turn)) : record.turns,
  }),
  // Version 5 may keep a text once in `texts` and refer to it; a version 4 record's inline texts read as they are.
  4: (record) => record,
};

/**
 * A turn stored before rankings were versioned ran Tool Search v1: says so, so that its replay
 * answers the recorded searches as they were answered. A turn that names one keeps it.
 */
export function stampLegacyToolSearch(turn: unknown): unknown {
  if (!isPlainObject(turn) || !isPlainObject(turn.request) || turn.request.toolSearch !== undefined) return turn;
  return { ...turn, request: { ...turn.request, toolSearch: 'v1' } };
}

/**
 * Reads a record of any known version, stored or exported, into the shape the rest of the code
 * uses: upgrades it step by step to the current version, puts its referenced texts back in
 * place (`expandSessionTexts`), then validates it. Costly on purpose (every event, every assertion's
 * schema and pattern): on a server it runs only in a sandbox worker (`prepareStoredSession`), once
 * per record; what reads a record back afterwards trusts it (`readCheckedSessionRecord`).
 */
export function migrateSessionRecord(raw: unknown): Result<SessionRecord, string> {
  const upgraded = upgradeSessionRecord(raw);
  if (!upgraded.ok) return upgraded;
  const parsed = sessionRecordSchema.safeParse(upgraded.value);
  if (!parsed.success) return err(`Invalid session: ${formatIssues(parsed.error)}`);
  return ok(parsed.data);
}

/** A record of any known version at the current one, its texts in place, not yet validated. */
export function upgradeSessionRecord(raw: unknown): Result<Record<string, unknown>, string> {
  if (!isPlainObject(raw)) return err('A session must be a JSON object.');
  const version = raw.version;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1) {
    return err('The session has no valid "version" number.');
  }
  if (version > SESSION_RECORD_VERSION) {
    return err(`The session is version ${version}; this server reads up to version ${SESSION_RECORD_VERSION}.`);
  }
  let current: Record<string, unknown> = raw;
  for (let from = version; from < SESSION_RECORD_VERSION; from += 1) {
    const upgrade = UPGRADES[from];
    if (!upgrade) return err(`No upgrade from session version ${from}.`);
    current = { ...upgrade(current), version: from + 1 };
  }
  const expanded = expandSessionTexts(current);
  return expanded.ok ? expanded : err(`Invalid session: ${expanded.error}`);
}

/**
 * The record to store: model configs lose their API keys, every string is redacted of known
 * secret shapes and of `secrets`, then it is validated like any record read back.
 */
export function prepareSessionRecord(record: unknown, secrets: readonly string[] = []): Result<SessionRecord, string> {
  return migrateSessionRecord(removeRecordSecrets(record, secrets));
}

/** `record` with its model configs' API keys dropped and every string redacted of known secret shapes and of `secrets`. */
export function removeRecordSecrets(record: unknown, secrets: readonly string[] = []): unknown {
  return removeSessionSecrets(removeModelKeys(record), secrets);
}

/** A finished turn made safe to store, by the same rules as a record. */
export function prepareSessionTurn(turn: unknown, secrets: readonly string[] = []): Result<SessionTurn, string> {
  const cleaned = removeSessionSecrets(isPlainObject(turn) ? stripRequestKey(turn) : turn, secrets);
  const parsed = sessionTurnSchema.safeParse(cleaned);
  return parsed.success ? ok(parsed.data) : err(`Invalid turn: ${formatIssues(parsed.error)}`);
}

function removeModelKeys(record: unknown): unknown {
  if (!isPlainObject(record)) return record;
  const playground = isPlainObject(record.playground) ? { ...record.playground, model: stripKey(record.playground.model) } : record.playground;
  const turns = Array.isArray(record.turns) ? record.turns.map((turn: unknown) => (isPlainObject(turn) ? stripRequestKey(turn) : turn)) : record.turns;
  return { ...record, playground, turns };
}

function stripRequestKey(turn: Record<string, unknown>): Record<string, unknown> {
  if (!isPlainObject(turn.request)) return turn;
  const servers = Array.isArray(turn.request.mcpServers) && turn.request.mcpServers.every(isPlainObject) ? { mcpServers: removeMcpSecrets(turn.request.mcpServers as McpServerRef[]) } : {};
  return { ...turn, request: { ...turn.request, model: stripKey(turn.request.model), ...servers } };
}

function stripKey(model: unknown): unknown {
  if (!isPlainObject(model)) return model;
  const parsed = modelConfigSchema.safeParse(model);
  if (parsed.success) return removeModelSecrets(parsed.data);
  const { apiKey: _apiKey, ...rest } = model;
  return rest;
}

/** The first five issues of a failed parse, each with its path (under `prefix`, when the value parsed was part of a record). */
export function formatIssues(error: z.ZodError, prefix: readonly PropertyKey[] = []): string {
  const shown = error.issues.slice(0, 5).map((issue) => `${[...prefix, ...issue.path].map(String).join('.') || '(root)'}: ${issue.message}`);
  const more = error.issues.length > shown.length ? ` (and ${error.issues.length - shown.length} more)` : '';
  return shown.join('; ') + more;
}
