import { describe, expect, it } from 'vitest';
import { normalizePattern } from '@/lib/interop/schema/normalize-pattern';

describe('normalizePattern', () => {
  it.each([
    ['^[A-Za-z0-9.\\-_]+$', { kind: 'kept' }],
    ['^\\p{Lu}\\p{Ll}*$', { kind: 'kept' }],
    ['^\\p{Letter}+$', { kind: 'translated', pattern: '^\\p{L}+$' }],
    ['^\\p{gc=Lu}\\P{General_Category=Decimal_Number}$', { kind: 'translated', pattern: '^\\p{Lu}\\P{Nd}$' }],
    ['^\\p{L}+\\-\\d$', { kind: 'translated', pattern: '^\\p{L}+-\\d$' }],
    ['^[\\p{L}\\:]+$', { kind: 'translated', pattern: '^[\\p{L}:]+$' }],
    ['^.{1,5000}$', { kind: 'translated', pattern: '^.*$', minLength: 1, maxLength: 5000 }],
    ['^[a-z]{2000}$', { kind: 'translated', pattern: '^[a-z]*$', minLength: 2000, maxLength: 2000 }],
  ] as const)('%s', (pattern, outcome) => {
    expect(normalizePattern(pattern)).toEqual(outcome);
  });

  it.each([
    ['^(?!x).*$', 'uses lookaround'],
    ['(a)\\1', 'uses a backreference'],
    ['^\\p{Script=Greek}+$', 'cannot be written for RE2'],
    ['(?i)abc', 'is not an ECMAScript regular expression'],
    ['\\Aabc\\Z', 'cannot be written for RE2'],
  ])('drops %s: %s', (pattern, reason) => {
    const outcome = normalizePattern(pattern);
    expect(outcome.kind).toBe('dropped');
    expect(outcome.kind === 'dropped' && outcome.reason).toContain(reason);
  });
});
