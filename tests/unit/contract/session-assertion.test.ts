import { describe, expect, it } from 'vitest';
import { ASSERTION_LIMITS, describeAssertion, sessionAssertionSchema, sessionAssertionsSchema, type SessionAssertion } from '@/lib/contract/assertions/session-assertion';

function issuesOf(value: unknown): string[] {
  const parsed = sessionAssertionSchema.safeParse(value);
  return parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);
}

describe('sessionAssertionSchema', () => {
  it('reads every kind', () => {
    const assertions: unknown[] = [
      { kind: 'tool-called', name: 'get_weather', called: true, times: { min: 1, max: 3 } },
      { kind: 'tool-called', name: 'delete_file', called: false, turn: 1 },
      { kind: 'call-order', names: ['read_file', 'write_file'] },
      { kind: 'arguments-match', name: 'get_weather', match: { kind: 'partial', value: { city: 'Oslo' } }, every: false },
      { kind: 'arguments-match', name: 'get_weather', match: { kind: 'schema', schema: { type: 'object', required: ['city'] } } },
      { kind: 'no-rejected-calls' },
      { kind: 'no-denied-calls', turn: 0 },
      { kind: 'final-text', contains: 'Oslo', matches: '\\d+ °C' },
      { kind: 'task-result-valid' },
      { kind: 'max-iterations', max: 4 },
      { kind: 'max-tokens', max: 10_000 },
    ];
    expect(sessionAssertionsSchema.safeParse(assertions).success).toBe(true);
  });

  it('refuses an invalid regular expression, and one RE2 cannot run in linear time, with a clear message', () => {
    expect(issuesOf({ kind: 'final-text', matches: '(unclosed' })).toEqual(['matches: The pattern "(unclosed" is not an ECMAScript regular expression, which JSON Schema patterns are (Unterminated group).']);
    expect(issuesOf({ kind: 'final-text', matches: '(a)\\1' })).toEqual([
      'matches: The pattern "(a)\\\\1" uses a backreference; patterns are matched with RE2 here, in time linear in the input, and RE2 has no lookaround or backreferences.',
    ]);
    expect(issuesOf({ kind: 'final-text', matches: 'a'.repeat(ASSERTION_LIMITS.patternChars + 1) })).toEqual([`matches: A pattern is limited to ${ASSERTION_LIMITS.patternChars} characters.`]);
  });

  it('refuses a final-text that checks nothing', () => {
    expect(issuesOf({ kind: 'final-text' })).toEqual(['(root): final-text needs contains, matches or both.']);
  });

  it('refuses a JSON Schema Ajv would not compile, and one that is too large', () => {
    expect(issuesOf({ kind: 'arguments-match', name: 't', match: { kind: 'schema', schema: { type: 'strung' } } })[0]).toMatch(/^match\.schema: The JSON Schema is invalid: schema is invalid: /);
    const huge = { description: 'x'.repeat(ASSERTION_LIMITS.jsonChars) };
    // Refused before Ajv reads it.
    expect(issuesOf({ kind: 'arguments-match', name: 't', match: { kind: 'schema', schema: { ...huge, type: 'strung' } } })).toEqual([
      `match.schema: The schema is limited to ${ASSERTION_LIMITS.jsonChars} characters as JSON.`,
    ]);
    expect(issuesOf({ kind: 'arguments-match', name: 't', match: { kind: 'partial', value: ['y'.repeat(ASSERTION_LIMITS.jsonChars)] } })).toEqual([
      `match.value: The partial value is limited to ${ASSERTION_LIMITS.jsonChars} characters as JSON.`,
    ]);
  });

  it('refuses times on a tool that must not be called, and a range that is empty', () => {
    expect(issuesOf({ kind: 'tool-called', name: 't', called: false, times: { max: 1 } })).toEqual(['times: times applies only when called is true.']);
    expect(issuesOf({ kind: 'tool-called', name: 't', called: true, times: { min: 3, max: 2 } })).toEqual(['times: times.min is more than times.max.']);
    expect(issuesOf({ kind: 'tool-called', name: 't', called: true, times: {} })).toEqual(['times: times needs a min, a max or both.']);
  });

  it('refuses an unknown kind, a negative turn and a call order of one tool', () => {
    expect(issuesOf({ kind: 'tool-used', name: 't' })[0]).toMatch(/^kind: Invalid discriminator value/);
    expect(issuesOf({ kind: 'no-denied-calls', turn: -1 })[0]).toMatch(/^turn: /);
    expect(issuesOf({ kind: 'no-denied-calls', turn: 50 })[0]).toMatch(/^turn: /);
    expect(issuesOf({ kind: 'call-order', names: ['only'] })).toEqual(['names: Name at least two tools.']);
  });

  it('bounds the list', () => {
    const many = Array.from({ length: ASSERTION_LIMITS.perSession + 1 }, () => ({ kind: 'no-rejected-calls' }));
    const parsed = sessionAssertionsSchema.safeParse(many);
    expect(parsed.success ? [] : parsed.error.issues.map((issue) => issue.message)).toEqual([`A session holds at most ${ASSERTION_LIMITS.perSession} assertions.`]);
  });
});

describe('describeAssertion', () => {
  it.each<[SessionAssertion, string]>([
    [{ kind: 'tool-called', name: 'get_weather', called: true }, 'get_weather is called.'],
    [{ kind: 'tool-called', name: 'get_weather', called: true, times: { min: 2 } }, 'get_weather is called at least 2 times.'],
    [{ kind: 'tool-called', name: 'get_weather', called: true, times: { max: 1 } }, 'get_weather is called at most 1 time.'],
    [{ kind: 'tool-called', name: 'get_weather', called: true, times: { min: 2, max: 2 }, turn: 1 }, 'In turn 2, get_weather is called exactly 2 times.'],
    [{ kind: 'tool-called', name: 'get_weather', called: true, times: { min: 1, max: 3 } }, 'get_weather is called 1 to 3 times.'],
    [{ kind: 'tool-called', name: 'delete_file', called: false }, 'delete_file is never called.'],
    [{ kind: 'call-order', names: ['read_file', 'write_file'] }, 'read_file, write_file are called in this order.'],
    [{ kind: 'arguments-match', name: 'get_weather', match: { kind: 'partial', value: { city: 'Oslo' } } }, 'Every call of get_weather has arguments containing {"city":"Oslo"}.'],
    [{ kind: 'arguments-match', name: 'get_weather', every: false, match: { kind: 'schema', schema: { type: 'object' } } }, 'At least one call of get_weather has arguments that validate against the given schema.'],
    [{ kind: 'no-rejected-calls' }, 'No call is rejected.'],
    [{ kind: 'no-denied-calls', turn: 0 }, 'In turn 1, no call is denied.'],
    [{ kind: 'final-text', contains: 'Oslo', matches: '\\d+ °C' }, 'The last turn\'s final text contains "Oslo" and matches /\\d+ °C/.'],
    [{ kind: 'final-text', contains: 'Oslo', turn: 2 }, 'Turn 3\'s final text contains "Oslo".'],
    [{ kind: 'task-result-valid' }, 'The last turn ends with a valid task result.'],
    [{ kind: 'max-iterations', max: 3, turn: 1 }, 'Turn 2 takes at most 3 iterations.'],
    [{ kind: 'max-iterations', max: 1 }, 'Every turn takes at most 1 iteration.'],
    [{ kind: 'max-tokens', max: 12_000, turn: 0 }, 'Turn 1 uses at most 12,000 tokens.'],
  ])('%j → %s', (assertion, sentence) => {
    expect(describeAssertion(assertion)).toBe(sentence);
  });
});
