import { MODEL_CONFIG_LIMITS, SESSION_LIMITS } from '@/lib/contract';

/**
 * What one trace import reads at most; a trace past them is refused with the limit in the reason.
 * Its JSON values are bounded like a session import's, so the same body limit fits both.
 */
export const TRACE_LIMITS = {
  /** JSON values in the whole document (objects, arrays, strings, numbers), as a session import. */
  documentValues: SESSION_LIMITS.recordValues,
  /** Spans (or Agents spans) in one document. */
  spans: 10_000,
  /** How deep spans may nest through their parent ids. */
  spanDepth: 64,
  /** Turns one trace becomes (one per user message), as many as a session holds. */
  turns: SESSION_LIMITS.turnsPerSession,
  /** Model calls one session turn takes (a turn makes at most 25 model requests). */
  modelCalls: 25,
  /** Model answers of the whole conversation: its turns share one script, which holds at most this many steps. */
  conversationSteps: MODEL_CONFIG_LIMITS.scriptSteps,
  /** Calls the whole conversation proposes: as many as one turn of 25 model calls of 32 calls each, so a conversation costs its recording run no more than one turn could. */
  conversationCalls: 25 * MODEL_CONFIG_LIMITS.callsPerStep,
} as const;
