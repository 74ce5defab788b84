import { describe, expect, it } from 'vitest';
import { MAX_ARGUMENT_LENGTH, REPAIR_RUNGS, repairArguments, type RepairOutcome, type RepairStep } from '@/lib/runtime';
import { repairRungSchema } from '@/lib/runtime/vocabulary/issues';
import { MALFORMED_ARGUMENTS } from './fixtures/malformed-arguments';

function expectRepaired(outcome: RepairOutcome): { value: unknown; repairs: RepairStep[] } {
  if (!outcome.ok) throw new Error(`expected a repair, got ${outcome.error.code}: ${outcome.error.message}`);
  return outcome;
}

function expectRefused(outcome: RepairOutcome): { code: string; message: string } {
  if (outcome.ok) throw new Error(`expected a refusal, got ${JSON.stringify(outcome.value)}`);
  return outcome.error;
}

describe('REPAIR_RUNGS', () => {
  it('is the event schema’s rung list, in ladder order', () => {
    expect(REPAIR_RUNGS).toEqual(repairRungSchema.options);
  });
});

describe('valid JSON', () => {
  it.each([
    ['plain object', '{"a":1}', { a: 1 }],
    ['surrounding whitespace', '  \n{"a": [1, 2]}\n ', { a: [1, 2] }],
    ['a fence inside a string', '{"code": "```json\\n{}\\n```"}', { code: '```json\n{}\n```' }],
    ['a tag inside a string', '{"html": "<tool_call>x</tool_call>"}', { html: '<tool_call>x</tool_call>' }],
    ['Python words inside strings', '{"text": "True, False, None, NaN, undefined"}', { text: 'True, False, None, NaN, undefined' }],
    ['escaped quotes and backslashes', '{"p": "C:\\\\dir \\"x\\""}', { p: 'C:\\dir "x"' }],
    ['unicode and emoji', '{"名前": "東京 🚀", "é": "\\u00e9"}', { 名前: '東京 🚀', é: 'é' }],
    ['deep nesting', '{"a": {"b": {"c": [{"d": [null, true, false, -1.5e3]}]}}}', { a: { b: { c: [{ d: [null, true, false, -1500] }] } } }],
    ['a nested double-encoded value', '{"inner": "{\\"a\\":1}"}', { inner: '{"a":1}' }],
  ])('is returned untouched with zero repairs: %s', (_label, raw, value) => {
    expect(repairArguments(raw)).toEqual({ ok: true, value, repairs: [] });
  });
});

describe('one rung at a time', () => {
  it.each<[RepairStep['rung'], string, string, unknown]>([
    ['empty-to-object', '', '{}', {}],
    ['empty-to-object', ' \n\t', '{}', {}],
    ['strip-code-fence', '```json\n{"a": 1}\n```', '{"a": 1}', { a: 1 }],
    ['strip-code-fence', '```\n{"a": 1}', '{"a": 1}', { a: 1 }],
    ['strip-code-fence', 'Here you go:\n```json\n{"a": 1}\n```\nDone.', '{"a": 1}', { a: 1 }],
    ['strip-tag-wrapper', '<tool_call>{"a": 1}</tool_call>', '{"a": 1}', { a: 1 }],
    ['strip-tag-wrapper', '<|python_tag|>{"a": 1}<|eom_id|>', '{"a": 1}', { a: 1 }],
    ['strip-tag-wrapper', '<arguments>\n{"a": 1}\n</arguments>', '{"a": 1}', { a: 1 }],
    ['strip-tag-wrapper', '<function=read_file>{"a": 1}</function>', '{"a": 1}', { a: 1 }],
    ['extract-json-from-prose', 'Sure! Calling it with {"a": 1}. Hope that helps.', '{"a": 1}', { a: 1 }],
    ['extract-json-from-prose', '{"a": {"b": "}"}} trailing', '{"a": {"b": "}"}}', { a: { b: '}' } }],
    ['unwrap-double-encoded', '"{\\"a\\": 1}"', '{"a": 1}', { a: 1 }],
    ['unwrap-double-encoded', '{\\"a\\": \\"x\\"}', '{"a": "x"}', { a: 'x' }],
    ['fix-syntax', '{"a": 1, "b": [1, 2,],}', '{"a": 1, "b": [1, 2]}', { a: 1, b: [1, 2] }],
    ['fix-syntax', '{"a": True, "b": False, "c": None}', '{"a": true, "b": false, "c": null}', { a: true, b: false, c: null }],
    ['fix-syntax', "{'a': 'it\\'s \"x\"'}", '{"a": "it\'s \\"x\\""}', { a: 'it\'s "x"' }],
    ['fix-syntax', '{a: 1, $b_2: "x"}', '{"a": 1, "$b_2": "x"}', { a: 1, $b_2: 'x' }],
    ['fix-syntax', '{"a": "line\nnext\ttab"}', '{"a": "line\\nnext\\ttab"}', { a: 'line\nnext\ttab' }],
    ['fix-syntax', '{"a": 1 /* why */, // note\n"b": 2}', '{"a": 1 , \n"b": 2}', { a: 1, b: 2 }],
    ['fix-syntax', '{"path": "C:\\Users\\me"}', '{"path": "C:\\\\Users\\\\me"}', { path: 'C:\\Users\\me' }],
    ['close-truncated', '{"a": [1, 2', '{"a": [1, 2]}', { a: [1, 2] }],
    ['close-truncated', '{"a": {"b": "hel', '{"a": {"b": "hel"}}', { a: { b: 'hel' } }],
    ['close-truncated', '{"a": 1,', '{"a": 1}', { a: 1 }],
    ['close-truncated', '{"a": [1, ', '{"a": [1]}', { a: [1] }],
    ['close-truncated', '{"a": {', '{"a": {}}', { a: {} }],
    ['close-truncated', '{"a": 12', '{"a": 12}', { a: 12 }],
    ['close-truncated', '{"a": "x\\u00', '{"a": "x"}', { a: 'x' }],
    ['close-truncated', '{"a": "<b>x</b>', '{"a": "<b>x</b>"}', { a: '<b>x</b>' }],
  ])('%s: %j → %j', (rung, before, after, value) => {
    expect(repairArguments(before)).toEqual({ ok: true, value, repairs: [{ rung, before, after }] });
  });
});

describe('combined rungs', () => {
  it('strips a fence, then fixes a trailing comma, recording both steps in order', () => {
    const raw = '```json\n{"a": 1,}\n```';
    expect(repairArguments(raw)).toEqual({
      ok: true,
      value: { a: 1 },
      repairs: [
        { rung: 'strip-code-fence', before: raw, after: '{"a": 1,}' },
        { rung: 'fix-syntax', before: '{"a": 1,}', after: '{"a": 1}' },
      ],
    });
  });

  it('strips a tag, extracts from prose, fixes Python literals and closes a cut tail', () => {
    const outcome = expectRepaired(repairArguments("<tool_call>Calling now: {'verbose': True, 'items': ['a', 'b'"));
    expect(outcome.value).toEqual({ verbose: true, items: ['a', 'b'] });
    expect(outcome.repairs.map((step) => step.rung)).toEqual([
      'strip-tag-wrapper',
      'extract-json-from-prose',
      'fix-syntax',
      'close-truncated',
    ]);
  });

  it('unwraps double encoding and then fixes what was inside', () => {
    const outcome = expectRepaired(repairArguments('"{\'a\': None,}"'));
    expect(outcome.value).toEqual({ a: null });
    expect(outcome.repairs.map((step) => step.rung)).toEqual(['unwrap-double-encoded', 'fix-syntax']);
  });

  it('chains each step’s after to the next step’s before', () => {
    const outcome = expectRepaired(repairArguments('```\nSure: {a: 1,} ok\n```'));
    outcome.repairs.slice(1).forEach((step, index) => expect(step.before).toBe(outcome.repairs[index]?.after));
    expect(outcome.value).toEqual({ a: 1 });
  });
});

describe('refusals', () => {
  it.each([
    ['not-json', '{"a" 1}', 'Arguments are not valid JSON: unexpected `1` at position 5. Send a single JSON object.'],
    ['not-json', '{"a": 1 2}', 'Arguments are not valid JSON: unexpected `2` at position 8. Send a single JSON object.'],
    ['not-json', '{"a": hello}', 'Arguments are not valid JSON: unexpected `hello` at position 6. Send a single JSON object.'],
    ['no-json-object', 'I cannot do that.', 'Arguments contain no JSON object, only text. Send a single JSON object.'],
    [
      'ambiguous-multiple-objects',
      '{"a":1}{"b":2}',
      'Arguments contain 2 different JSON objects where one was expected; make one tool call per object. Send a single JSON object.',
    ],
    [
      'truncated-unrecoverable',
      '{"path": "a.txt", "mo',
      'Arguments are truncated: the JSON ends inside the property name "mo", so the value cannot be recovered. Send the complete JSON object again, shorter if needed.',
    ],
    [
      'truncated-unrecoverable',
      '{"path":',
      'Arguments are truncated: the JSON ends right after the colon of "path", before its value, so the value cannot be recovered. Send the complete JSON object again, shorter if needed.',
    ],
    [
      'non-json-value',
      '{"a": NaN}',
      'Arguments contain `NaN` at position 6, which is not a JSON value. Use a number, a string or null. Send a single JSON object.',
    ],
    [
      'not-an-object',
      '[1,2]',
      "Arguments must be a JSON object with the tool's parameters, not an array. Send a single JSON object.",
    ],
  ])('%s: %j', (code, raw, message) => {
    expect(repairArguments(raw)).toEqual({ ok: false, error: { code, message } });
  });

  it.each([
    ['{"a": {"b": 1}}{"a": {"b": 2}}'],
    ['Either {"x": 1} or {"x": 2}'],
    ['{"a": 1}\n{"b": 2'],
  ])('refuses different concatenated objects: %j', (raw) => {
    expect(expectRefused(repairArguments(raw)).code).toBe('ambiguous-multiple-objects');
  });

  it('collapses byte-identical repeats of one object', () => {
    expect(repairArguments('{"a":1}\n{"a":1}')).toEqual({
      ok: true,
      value: { a: 1 },
      repairs: [{ rung: 'extract-json-from-prose', before: '{"a":1}\n{"a":1}', after: '{"a":1}' }],
    });
  });

  it.each([
    ['{"path"'],
    ['{"a": 1, "b'],
    ['{"a": tru'],
    ['{"a": -'],
    ['{"a": 1.'],
    ['{"a": 1e'],
    ["{'path': 'x', 'mo"],
  ])('refuses a cut that would need a guess: %j', (raw) => {
    expect(expectRefused(repairArguments(raw)).code).toBe('truncated-unrecoverable');
  });

  it.each([['{"a": Infinity}'], ['{"a": -Infinity}'], ['{"a": undefined}'], ["{'a': NaN,}"]])(
    'refuses non-JSON values rather than converting them: %j',
    (raw) => {
      expect(expectRefused(repairArguments(raw)).code).toBe('non-json-value');
    },
  );

  it.each([
    ['"x"', 'a string'],
    ['42', 'a number'],
    ['true', 'a boolean'],
    ['null', 'null'],
    ['[{"a": 1}]', 'an array'],
    ['None', 'null'],
    ['"[1, 2]"', 'a string'],
  ])('refuses a top-level value that is not an object: %j', (raw, kind) => {
    const error = expectRefused(repairArguments(raw));
    expect(error.code).toBe('not-an-object');
    expect(error.message).toContain(`not ${kind}.`);
  });

  it('refuses text with braces but no object', () => {
    expect(expectRefused(repairArguments('use {placeholder} here')).code).toBe('not-json');
  });

  it('refuses oversized input before scanning it', () => {
    const raw = `{"a": "${'x'.repeat(MAX_ARGUMENT_LENGTH)}"}`;
    expect(repairArguments(raw)).toEqual({
      ok: false,
      error: {
        code: 'too-large',
        message: `Arguments are too large to parse (${raw.length} characters; the limit is 1000000). Send fewer or shorter values. Send a single JSON object.`,
      },
    });
  });

  it('names the rungs already applied when positions refer to repaired text', () => {
    expect(expectRefused(repairArguments('```json\n{"a" 1}\n```')).message).toBe(
      'Arguments are not valid JSON: unexpected `1` at position 5 of the text after strip-code-fence. Send a single JSON object.',
    );
  });
});

describe('code fences inside values', () => {
  it('strips only the outer fence, keeping a fenced block inside a string value', () => {
    const raw = '```json\n{"code": "```python\\nprint(1)\\n```"}\n```';
    expect(repairArguments(raw)).toEqual({
      ok: true,
      value: { code: '```python\nprint(1)\n```' },
      repairs: [{ rung: 'strip-code-fence', before: raw, after: '{"code": "```python\\nprint(1)\\n```"}' }],
    });
  });

  it.each<[string, string, unknown, RepairStep['rung'][]]>([
    ['a closing fence on the object’s line', '```json\n{"a": "```x```"}```', { a: '```x```' }, ['strip-code-fence']],
    ['prose with an apostrophe after the fence', '```json\n{"a": "```x```"}\n```\nThat\'s all.', { a: '```x```' }, ['strip-code-fence']],
    ['single-quoted values', "```\n{'code': '```sh\\nls\\n```'}\n```", { code: '```sh\nls\n```' }, ['strip-code-fence', 'fix-syntax']],
    ['prose before the fence', 'Sure:\n```json\n{"a": "```\\nx\\n```"}\n```\nDone.', { a: '```\nx\n```' }, ['strip-code-fence']],
    [
      'an unclosed fence cut inside the value',
      '```json\n{"code": "```sh\\nls\\n```\\nthen',
      { code: '```sh\nls\n```\nthen' },
      ['strip-code-fence', 'close-truncated'],
    ],
  ])('%s', (_label, raw, value, rungs) => {
    const outcome = expectRepaired(repairArguments(raw));
    expect(outcome.value).toEqual(value);
    expect(outcome.repairs.map((step) => step.rung)).toEqual(rungs);
  });

  it('refuses when the text ends on a fence that may close the value’s code block or the arguments', () => {
    expect(repairArguments('```json\n{"code": "```sh\\nls\\n```')).toEqual({
      ok: false,
      error: {
        code: 'ambiguous-code-fence',
        message:
          'Arguments are wrapped in a Markdown code fence and end inside a string value that holds another fence, so it is unclear where the arguments end. Send the JSON without a code fence around it. Send a single JSON object.',
      },
    });
  });

  it('refuses two different fenced objects instead of taking the first', () => {
    expect(expectRefused(repairArguments('```json\n{"a": 1}\n```\n```json\n{"a": 2}\n```')).code).toBe('ambiguous-multiple-objects');
  });
});

describe('tool-template markup inside values', () => {
  it('refuses text it had to repair whose value ends in leaked markup, naming the fragment and the property', () => {
    expect(repairArguments('{"command": "ls -la</arg_value>",}')).toEqual({
      ok: false,
      error: {
        code: 'template-markup-in-value',
        message:
          'Arguments contain tool-template markup (</arg_value>) inside the value of "command"; refusing to guess where the value ends. Send a single JSON object.',
      },
    });
  });

  const markupCases = [
    ['<arg_key>', '{"a": "x<arg_key>b"}'],
    ['<tool_call>', '{"a": "x\\n<tool_call>"}'],
    ['</tool_call>', '{"a": "x</tool_call>"}'],
    ['<|im_end|>', '{"a": "x<|im_end|>"}'],
    ['<|tool_call_end|>', '{"a": "x<|tool_call_end|>"}'],
    ['<｜tool▁call▁end｜>', '{"a": "x<｜tool▁call▁end｜>"}'],
    ['</function>', '{"a": {"b": ["ok", "x\\n</function>"]}}'],
    ['<parameter=path>', '{"a": "x\\n<parameter=path>\\ny"}'],
    ['</parameter', '{"a": "x\\n</parameter"}'],
    ['</arg_key>', '{"path</arg_key>": "a"}'],
  ] as const;

  it.each(markupCases)('accepts valid JSON holding %s as-is', (_fragment, raw) => {
    expect(repairArguments(raw)).toEqual({ ok: true, value: JSON.parse(raw), repairs: [] });
  });

  it.each(markupCases)('refuses %s once the text needed a repair', (fragment, raw) => {
    expect(expectRefused(repairArguments(raw.replace(/}$/, ',}'))).message).toContain(`markup (${fragment})`);
  });

  it('accepts a double-encoded object holding markup: its inner text was valid JSON', () => {
    const inner = '{"prompt": "end each answer with <|im_end|>"}';
    const outcome = expectRepaired(repairArguments(JSON.stringify(inner)));
    expect(outcome.value).toEqual(JSON.parse(inner));
    expect(outcome.repairs.map((step) => step.rung)).toEqual(['unwrap-double-encoded']);
  });

  it('names a property name that holds markup', () => {
    expect(expectRefused(repairArguments('{"path</arg_key>": "a",}')).message).toContain('(</arg_key>) inside the property name "path</arg_key>"');
  });

  it('refuses markup found after a repair', () => {
    const error = expectRefused(repairArguments('```json\n{"a": \'x</arg_value>\',}\n```'));
    expect(error.code).toBe('template-markup-in-value');
  });

  it('shortens a long fragment in the message', () => {
    const message = expectRefused(repairArguments(`{"a": "<parameter=${'p'.repeat(100)}>",}`)).message;
    expect(message).toContain(`(<parameter=${'p'.repeat(29)}…)`);
  });

  it.each([
    ['a whole tag pair quoted as content', '{"html": "<tool_call>x</tool_call>"}'],
    ['a whole parameter pair', '{"doc": "<parameter=a>1</parameter>"}'],
    ['HTML', '{"html": "<div><p>hi</p></div>"}'],
    ['comparisons and generics', '{"code": "a < b && List<Function> f; <functions>"}'],
  ])('accepts %s', (_label, raw) => {
    expect(repairArguments(raw)).toEqual({ ok: true, value: JSON.parse(raw), repairs: [] });
  });
});

describe('reported malformed arguments', () => {
  it.each(MALFORMED_ARGUMENTS.map((fixture) => [fixture.name, fixture] as const))('%s', (_name, fixture) => {
    const outcome = repairArguments(fixture.raw);
    if (fixture.expected.ok) {
      const repaired = expectRepaired(outcome);
      expect(repaired.value).toEqual(fixture.expected.value);
      expect(repaired.repairs.map((step) => step.rung)).toEqual(fixture.expected.rungs);
    } else {
      expect(expectRefused(outcome).code).toBe(fixture.expected.code);
    }
  });
});
