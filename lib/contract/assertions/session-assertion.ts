import { z } from 'zod';
import { assertNever, checkJsonSchema } from '@/lib/runtime';
import { SESSION_LIMITS } from '../limits/session-limits';
import { TURN_LIMITS } from '../requests/turn-request';
import { compileTextPattern } from './compile-text-pattern';
import { describeJsonValue } from './describe-json-value';

/** Bounds on what one assertion and one list may hold, so checking them stays cheap. */
export const ASSERTION_LIMITS = {
  perSession: 50,
  nameChars: 200,
  /** Tools one `call-order` assertion may name. */
  orderedNames: 50,
  textChars: 2_000,
  /** Characters of a `final-text` pattern's source. */
  patternChars: 500,
  /** Characters of an `arguments-match` value or schema, as JSON. */
  jsonChars: 20_000,
} as const;

const toolName = z.string().min(1, 'Name a tool.').max(ASSERTION_LIMITS.nameChars);

/**
 * The turn an assertion looks at, as a 0-based index into the session's turns (sentences number
 * them from 1). Absent: the whole session. Calls are then pooled over every turn in order, the
 * per-turn limits (`max-iterations`, `max-tokens`) must hold in every turn, and `final-text` and
 * `task-result-valid` read the last turn.
 */
const turn = z.number().int().nonnegative().max(SESSION_LIMITS.turnsPerSession - 1).optional();

/** Refuses a value too long as JSON before anything later (compiling a schema) reads it. */
const boundedJson = <T extends z.ZodType>(schema: T, what: string) =>
  schema.refine((value) => JSON.stringify(value).length <= ASSERTION_LIMITS.jsonChars, {
    message: `${what} is limited to ${ASSERTION_LIMITS.jsonChars} characters as JSON.`,
    abort: true,
  });

const times = z
  .object({ min: z.number().int().nonnegative().optional(), max: z.number().int().nonnegative().optional() })
  .refine((range) => range.min !== undefined || range.max !== undefined, { message: 'times needs a min, a max or both.' })
  .refine((range) => range.min === undefined || range.max === undefined || range.min <= range.max, { message: 'times.min is more than times.max.' });

/** `called: true`: the model proposed a call of `name` (within `times`, when given); `called: false`: it never did. */
const toolCalledSchema = z.discriminatedUnion('called', [
  z.object({ kind: z.literal('tool-called'), turn, name: toolName, called: z.literal(true), times: times.optional() }),
  z.object({
    kind: z.literal('tool-called'),
    turn,
    name: toolName,
    called: z.literal(false),
    times: z.never({ error: 'times applies only when called is true.' }).optional(),
  }),
]);

/** A JSON Schema to validate arguments against, bounded and checked (as compiling it would) when the assertion is read. */
const argumentsSchema = boundedJson(z.record(z.string(), z.json()), 'The schema').superRefine((schema, context) => {
  const checked = checkJsonSchema(schema);
  if (!checked.ok) context.addIssue({ code: 'custom', message: checked.error });
});

/** The arguments contain `value` (objects by subset of keys, arrays element by element, like `toMatchObject`), or validate against `schema`. */
export const argumentsMatcherSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('partial'), value: boundedJson(z.json(), 'The partial value') }),
  z.object({ kind: z.literal('schema'), schema: argumentsSchema }),
]);

const finalTextSchema = z
  .object({
    kind: z.literal('final-text'),
    turn,
    /** The text contains this, as typed (case-sensitive). */
    contains: z.string().min(1).max(ASSERTION_LIMITS.textChars).optional(),
    /** An ECMAScript regular expression's source, matched with RE2 (linear time), case-sensitive, anywhere in the text. */
    matches: z
      .string()
      .min(1)
      .max(ASSERTION_LIMITS.patternChars, `A pattern is limited to ${ASSERTION_LIMITS.patternChars} characters.`)
      .superRefine((source, context) => {
        const compiled = compileTextPattern(source);
        if (!compiled.ok) context.addIssue({ code: 'custom', message: compiled.error });
      })
      .optional(),
  })
  .refine((assertion) => assertion.contains !== undefined || assertion.matches !== undefined, { message: 'final-text needs contains, matches or both.' });

const positiveLimit = z.number().int().positive();

/**
 * One check on a recorded or replayed session, one variant per `kind`. A "call" is a call the
 * model proposed (or a person made directly), whatever became of it: rejected and denied calls
 * count, and `no-rejected-calls` / `no-denied-calls` say what became of them.
 */
export const sessionAssertionSchema = z.discriminatedUnion('kind', [
  toolCalledSchema,
  /** These tools were called in this order, not necessarily one right after the other. */
  z.object({ kind: z.literal('call-order'), turn, names: z.array(toolName).min(2, 'Name at least two tools.').max(ASSERTION_LIMITS.orderedNames) }),
  /** `every` (the default): each call of `name` matches; `every: false`: at least one does. There must be a call either way. */
  z.object({ kind: z.literal('arguments-match'), turn, name: toolName, match: argumentsMatcherSchema, every: z.boolean().optional() }),
  /** No call was rejected (unknown tool, unparseable or invalid arguments, not loaded). */
  z.object({ kind: z.literal('no-rejected-calls'), turn }),
  /** No call was denied, by the permission gate or by whoever answered its approval. */
  z.object({ kind: z.literal('no-denied-calls'), turn }),
  finalTextSchema,
  /** A task-mode turn ended with a submitted result, which the runtime accepts only when it validates against the result schema. */
  z.object({ kind: z.literal('task-result-valid'), turn }),
  /** A turn took at most `max` model requests (`turn-end.iterations`). */
  z.object({ kind: z.literal('max-iterations'), turn, max: positiveLimit }),
  /** The responses of a turn reported at most `max` total tokens together (`usage.totalTokens`). */
  z.object({ kind: z.literal('max-tokens'), turn, max: positiveLimit }),
  /** The first call proposed (in the turn, or in the session) was of `name`. */
  z.object({ kind: z.literal('first-call'), turn, name: toolName }),
  /** Within its turn's first `iterations` model requests, `name` was called with arguments that validate against `schema`. */
  z.object({
    kind: z.literal('valid-call-within'),
    turn,
    name: toolName,
    schema: argumentsSchema,
    iterations: z.number().int().positive().max(TURN_LIMITS.maxIterations, `iterations is at most ${TURN_LIMITS.maxIterations}.`),
  }),
  /** No call's arguments needed a rung of the repair ladder. */
  z.object({ kind: z.literal('no-repaired-calls'), turn }),
  /**
   * The set of tools called, against the expected `names`: precision (called tools that were
   * expected), recall (expected tools that were called) and their F1, which must reach `minF1`
   * (default 1: exactly the expected tools, each at least once).
   */
  z.object({
    kind: z.literal('tool-set'),
    turn,
    names: z.array(toolName).min(1, 'Name at least one expected tool.').max(ASSERTION_LIMITS.orderedNames),
    minF1: z.number().min(0).max(1).optional(),
  }),
]);

/** The assertions kept with a session, checked in order; pass `record.assertions ?? []`. */
export const sessionAssertionsSchema = z
  .array(sessionAssertionSchema)
  .max(ASSERTION_LIMITS.perSession, `A session holds at most ${ASSERTION_LIMITS.perSession} assertions.`);

export type SessionAssertion = z.infer<typeof sessionAssertionSchema>;
export type SessionAssertionKind = SessionAssertion['kind'];
export type SessionAssertionOf<K extends SessionAssertionKind> = Extract<SessionAssertion, { kind: K }>;
export type ArgumentsMatcher = z.infer<typeof argumentsMatcherSchema>;

/** The assertion as one short sentence for the UI, e.g. "In turn 2, get_weather is called at least 3 times." */
export function describeAssertion(assertion: SessionAssertion): string {
  switch (assertion.kind) {
    case 'tool-called':
    case 'call-order':
    case 'arguments-match':
    case 'no-rejected-calls':
    case 'no-denied-calls':
    case 'first-call':
    case 'valid-call-within':
    case 'no-repaired-calls':
    case 'tool-set': {
      const claim = describeCallClaim(assertion);
      // A sentence may start with a tool's name, which keeps its case.
      const startsWithName = assertion.kind === 'tool-called' || assertion.kind === 'call-order' || assertion.kind === 'first-call' || assertion.kind === 'valid-call-within';
      if (assertion.turn !== undefined) return `In turn ${assertion.turn + 1}, ${claim}.`;
      return `${startsWithName ? claim : capitalize(claim)}.`;
    }
    case 'final-text':
    case 'task-result-valid':
    case 'max-iterations':
    case 'max-tokens':
      return `${describeTurnClaim(assertion)}.`;
    default:
      return assertNever(assertion);
  }
}

/** A claim about the calls, without its scope: `get_weather is called at least 2 times`. */
function describeCallClaim(
  assertion: SessionAssertionOf<'tool-called' | 'call-order' | 'arguments-match' | 'no-rejected-calls' | 'no-denied-calls' | 'first-call' | 'valid-call-within' | 'no-repaired-calls' | 'tool-set'>,
): string {
  switch (assertion.kind) {
    case 'tool-called':
      return assertion.called ? `${assertion.name} is called${describeTimes(assertion.times)}` : `${assertion.name} is never called`;
    case 'call-order':
      return `${assertion.names.join(', ')} are called in this order`;
    case 'arguments-match': {
      const which = assertion.every === false ? `at least one call of ${assertion.name} has` : `every call of ${assertion.name} has`;
      const how = assertion.match.kind === 'partial' ? `arguments containing ${describeJsonValue(assertion.match.value)}` : 'arguments that validate against the given schema';
      return `${which} ${how}`;
    }
    case 'no-rejected-calls':
      return 'no call is rejected';
    case 'no-denied-calls':
      return 'no call is denied';
    case 'first-call':
      return `${assertion.name} is the first tool called`;
    case 'valid-call-within':
      return `${assertion.name} is called with arguments that validate against the given schema within ${formatCount(assertion.iterations, 'iteration')}`;
    case 'no-repaired-calls':
      return 'no call needs its arguments repaired';
    case 'tool-set':
      return `the tools called are ${assertion.names.join(', ')}${assertion.minF1 !== undefined && assertion.minF1 < 1 ? ` (tool-call F1 at least ${assertion.minF1})` : ''}`;
    default:
      return assertNever(assertion);
  }
}

/** A claim about a turn, naming it: `Turn 2 takes at most 3 iterations`, `Every turn …`, `The last turn …`. */
function describeTurnClaim(assertion: SessionAssertionOf<'final-text' | 'task-result-valid' | 'max-iterations' | 'max-tokens'>): string {
  const turn = assertion.turn === undefined ? undefined : `Turn ${assertion.turn + 1}`;
  switch (assertion.kind) {
    case 'final-text': {
      const parts = [
        ...(assertion.contains !== undefined ? [`contains ${describeJsonValue(assertion.contains)}`] : []),
        ...(assertion.matches !== undefined ? [`matches /${assertion.matches}/`] : []),
      ];
      return `${turn ?? 'The last turn'}'s final text ${parts.join(' and ')}`;
    }
    case 'task-result-valid':
      return `${turn ?? 'The last turn'} ends with a valid task result`;
    case 'max-iterations':
      return `${turn ?? 'Every turn'} takes at most ${formatCount(assertion.max, 'iteration')}`;
    case 'max-tokens':
      return `${turn ?? 'Every turn'} uses at most ${formatCount(assertion.max, 'token')}`;
    default:
      return assertNever(assertion);
  }
}

function describeTimes(range: { min?: number; max?: number } | undefined): string {
  if (!range) return '';
  const { min, max } = range;
  if (min !== undefined && max !== undefined) return min === max ? ` exactly ${formatCount(min, 'time')}` : ` ${min} to ${formatCount(max, 'time')}`;
  if (min !== undefined) return ` at least ${formatCount(min, 'time')}`;
  return ` at most ${formatCount(max ?? 0, 'time')}`;
}

/** `3 iterations`, `1 token`, `12,000 tokens`. */
export function formatCount(count: number, noun: string): string {
  return `${count.toLocaleString('en-US')} ${noun}${count === 1 ? '' : 's'}`;
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
