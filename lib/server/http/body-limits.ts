// What each route's body may be: bytes as sent, and JSON values (what parsing and validating it cost).
import { EVALUATION_LIMITS, SESSION_LIMITS, type BodyLimits, TURN_LIMITS } from '@/lib/contract';

/**
 * Per route. Values are counted before the body is parsed, so a body of millions of tiny values
 * is refused for the cost of reading its text; a body past `INLINE_BODY_VALUES` is parsed and
 * validated in a sandbox worker instead of on the HTTP thread.
 */
export const BODY_LIMITS = {
  /** Approvals, tool details, typed outputs' metadata: small objects. */
  small: { bytes: 1_000_000, values: 10_000 },
  /** `{ source }`: one string. */
  compile: { bytes: TURN_LIMITS.compileBodyBytes, values: 100 },
  /** A turn: a conversation of 1,000 items, a script of 200 steps, 4,000 tool names. */
  turn: { bytes: TURN_LIMITS.bodyBytes, values: 200_000 },
  /** A direct call: source, files, permissions, one arguments string. */
  toolCall: { bytes: TURN_LIMITS.bodyBytes, values: 20_000 },
  /** A fork's changes: outputs, source, a model (a script of 200 steps), settings. */
  fork: { bytes: TURN_LIMITS.bodyBytes, values: 50_000 },
  /** One typed output. */
  output: { bytes: 2_000_000, values: 100 },
  /** Share: the playground (module, script, files) and up to 50 assertions. */
  share: { bytes: SESSION_LIMITS.recordBytes, values: 300_000 },
  /** An evaluation: two modules, the turn (a conversation), four models, 50 assertions; always validated in a worker (assertions compile schemas and patterns). */
  evaluation: { bytes: EVALUATION_LIMITS.bodyBytes, values: 200_000 },
  /** A provider check: a base URL and a key. */
  providerCheck: { bytes: 8_192, values: 10 },
  /** An MCP server to list: a URL and up to 20 headers of 8 KB. */
  mcpTools: { bytes: 200_000, values: 100 },
  /** Import: an exported record, whose values are bounded like a stored one's. */
  import: { bytes: SESSION_LIMITS.recordBytes, values: SESSION_LIMITS.recordValues },
} as const satisfies Record<string, BodyLimits>;

/** Bodies with more values than this are parsed and validated in a sandbox worker. */
export const INLINE_BODY_VALUES = 20_000;
