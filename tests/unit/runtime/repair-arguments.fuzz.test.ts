import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { REPAIR_RUNGS, repairArguments } from '@/lib/runtime';
import type { RepairErrorCode } from '@/lib/runtime/repair/repair-arguments';

const ERROR_CODES: readonly RepairErrorCode[] = [
  'too-large',
  'not-json',
  'no-json-object',
  'ambiguous-multiple-objects',
  'ambiguous-code-fence',
  'ambiguous-closer',
  'ambiguous-unescaped-quote',
  'truncated-unrecoverable',
  'non-json-value',
  'not-an-object',
  'template-markup-in-value',
];

const jsonObject = fc.dictionary(fc.string({ maxLength: 12 }), fc.jsonValue({ maxDepth: 4 }), { maxKeys: 6 });

/** Characters that steer the ladder into its interesting branches. */
const structural = fc.constantFrom('{', '}', '[', ']', '"', "'", ':', ',', '\\', '\n', '`', '<', '>', '|', ' ', 'True', 'NaN', '/', '*');

function expectWellFormed(raw: string): void {
  const outcome = repairArguments(raw);
  if (outcome.ok) {
    expect(outcome.value).toBeTypeOf('object');
    expect(Array.isArray(outcome.value)).toBe(false);
    const rungs = outcome.repairs.map((step) => step.rung);
    // Bounded ladder: each rung at most once, in ladder order.
    expect(rungs).toEqual(REPAIR_RUNGS.filter((rung) => rungs.includes(rung)));
    outcome.repairs.slice(1).forEach((step, index) => expect(step.before).toBe(outcome.repairs[index]?.after));
  } else {
    expect(ERROR_CODES).toContain(outcome.error.code);
    expect(outcome.error.message.length).toBeGreaterThan(0);
  }
}

describe('repairArguments (property-based)', () => {
  it('returns any stringified JSON object unchanged, with zero repairs', () => {
    fc.assert(
      fc.property(jsonObject, fc.boolean(), (value, pretty) => {
        const raw = pretty ? JSON.stringify(value, null, 2) : JSON.stringify(value);
        expect(repairArguments(raw)).toEqual({ ok: true, value: JSON.parse(raw), repairs: [] });
      }),
      { numRuns: 300 },
    );
  });

  it('never throws on arbitrary strings', () => {
    fc.assert(fc.property(fc.string({ maxLength: 200 }), expectWellFormed), { numRuns: 500 });
  });

  it('never throws on strings built from structural characters', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(structural, fc.string({ maxLength: 4 })), { maxLength: 60 }), (parts) => expectWellFormed(parts.join(''))),
      { numRuns: 500 },
    );
  });

  it('never throws on truncated or mutated JSON', () => {
    fc.assert(
      fc.property(jsonObject, fc.nat(), fc.nat(), structural, (value, cutAt, insertAt, inserted) => {
        const raw = JSON.stringify(value);
        const cut = raw.slice(0, cutAt % (raw.length + 1));
        expectWellFormed(cut);
        const position = insertAt % (raw.length + 1);
        expectWellFormed(raw.slice(0, position) + inserted + raw.slice(position));
      }),
      { numRuns: 400 },
    );
  });

  it('repairs a wrapped or trailing-comma version of any object back to the same value', () => {
    const wrap = fc.constantFrom(
      (json: string) => '```json\n' + json + '\n```',
      (json: string) => `<tool_call>${json}</tool_call>`,
      (json: string) => `Here are the arguments: ${json} Thanks.`,
      (json: string) => JSON.stringify(json),
      (json: string) => json.replace(/}$/, ',}'),
    );
    fc.assert(
      fc.property(jsonObject.filter((value) => Object.keys(value).length > 0), wrap, (value, wrapWith) => {
        const outcome = repairArguments(wrapWith(JSON.stringify(value)));
        expect(outcome.ok && outcome.value).toEqual(JSON.parse(JSON.stringify(value)));
      }),
      { numRuns: 300 },
    );
  });

  it('passes valid JSON as-is whatever markup, fences or closers its strings and keys hold', () => {
    // What the ladder refuses in text it has to repair: chat-template markup, special tokens,
    // code fences and stray closers; all of it is legitimate content inside a JSON string.
    const fragment = fc.constantFrom(
      '<tool_call>',
      '</tool_call>',
      '</arg_value>',
      '<arg_key>',
      '<parameter=path>',
      '</parameter',
      '<function=run>',
      '</function>',
      '<|im_end|>',
      '<|tool_call_end|>',
      '<｜tool▁call▁end｜>',
      '```json\n',
      '```',
      '}]',
      '"}',
      "'",
      '{"a": ',
    );
    const markedString = fc.array(fc.oneof(fragment, fc.string({ maxLength: 8 })), { minLength: 1, maxLength: 6 }).map((parts) => parts.join(''));
    const markedValue = fc.letrec<{ value: unknown }>((tie) => ({
      value: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        markedString,
        fc.integer(),
        fc.boolean(),
        fc.constant(null),
        fc.array(tie('value'), { maxLength: 4 }),
        fc.dictionary(markedString, tie('value'), { maxKeys: 4 }),
      ),
    })).value;
    const markedObject = fc.dictionary(markedString, markedValue, { minKeys: 1, maxKeys: 5 });
    fc.assert(
      fc.property(markedObject, fc.boolean(), (value, pretty) => {
        const raw = pretty ? JSON.stringify(value, null, 2) : JSON.stringify(value);
        expect(repairArguments(raw)).toEqual({ ok: true, value: JSON.parse(raw), repairs: [] });
      }),
      { numRuns: 400 },
    );
  });

  it('handles large inputs near the size cap in one pass', () => {
    const big = `{"a": "${'x'.repeat(900_000)}", "b": [1,2,3,]}`;
    const outcome = repairArguments(big);
    expect(outcome.ok && outcome.repairs.map((step) => step.rung)).toEqual(['fix-syntax']);
    const numbers = `{"n": [${Array.from({ length: 100_000 }, (_, index) => index).join(',')}`;
    expect(repairArguments(numbers).ok).toBe(true);
    // Shapes that once made a backtracking pattern quadratic; the test timeout is the bound.
    expect(repairArguments('x```' + 'a'.repeat(900_000)).ok).toBe(false);
    expect(repairArguments('{' + 'abc '.repeat(200_000)).ok).toBe(false);
  });
});
