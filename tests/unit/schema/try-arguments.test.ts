import { describe, expect, it } from 'vitest';
import { type JsonSchema, strictifySchema } from '@/lib/runtime';
import { createArgumentChecker } from '@/lib/client/arguments';
import { generatePrefill, readFormFields, readFormObject, setFormValue } from '@/components/schema/try';
import { describeErrorBody } from '@/lib/client/api';

const WEATHER: JsonSchema = {
  type: 'object',
  properties: {
    city: { type: 'string', minLength: 1 },
    days: { type: 'integer', minimum: 1, maximum: 7 },
    unit: { enum: ['celsius', 'fahrenheit'] },
    alerts: { type: 'boolean' },
  },
  required: ['city'],
  additionalProperties: false,
};

function tool(jsonSchema: JsonSchema, strict = false) {
  const strictified = strictifySchema(jsonSchema);
  return { qualifiedName: 'get_weather', jsonSchema, strict, strictified: strictified.ok ? { schema: strictified.schema, changes: strictified.changes } : null };
}

describe('the Try argument check', () => {
  const check = createArgumentChecker(tool(WEATHER));

  it('accepts valid JSON and lists every failing path with the runtime\'s words', () => {
    expect(check('{"city":"Oslo","days":3}')).toEqual({ parse: { kind: 'json' }, validation: { kind: 'valid' } });
    expect(check('{"days":9,"unit":"kelvin","extra":1}').validation).toEqual({
      kind: 'invalid',
      issues: expect.arrayContaining([
        { path: '/city', message: 'is required but missing' },
        { path: '/unit', message: 'must be one of "celsius", "fahrenheit"' },
        { path: '/extra', message: 'is not an allowed property; remove it' },
        expect.objectContaining({ path: '/days' }),
      ]),
    });
  });

  it('shows what the repair ladder would do with malformed JSON, then validates the repaired value', () => {
    expect(check("{'city': 'Oslo',}")).toMatchObject({ parse: { kind: 'repaired', rungs: ['fix-syntax'] }, validation: { kind: 'valid' } });
    expect(check('')).toMatchObject({ parse: { kind: 'repaired', rungs: ['empty-to-object'] }, validation: { kind: 'invalid' } });
    expect(check('just read the weather')).toMatchObject({ parse: { kind: 'refused' }, validation: { kind: 'skipped' } });
  });

  it('drops strict-mode nulls for optional fields before validating, as the runtime does for a strictified tool', () => {
    const strictCheck = createArgumentChecker(tool(WEATHER, true));
    expect(strictCheck('{"city":"Oslo","days":null,"unit":null,"alerts":null}').validation).toEqual({ kind: 'valid' });
    expect(check('{"city":"Oslo","days":null}').validation).toMatchObject({ kind: 'invalid' });
  });

  it('falls back to Zod\'s reading of the schema when Ajv cannot compile it here', () => {
    // RE2 refuses lookaround, so Ajv's compile fails as it does under a CSP without eval.
    const lookaround = createArgumentChecker(tool({ type: 'object', properties: { code: { type: 'string', pattern: '^(?=A)[A-Z]+$' } }, required: ['code'] }));
    expect(lookaround('{"code":"ABC"}').validation).toEqual({ kind: 'valid' });
    expect(lookaround('{}').validation).toEqual({ kind: 'invalid', issues: [{ path: '/code', message: 'is required but missing' }] });
  });
});

describe('the Try prefill', () => {
  it('generates arguments the schema accepts, the same for the same seed', () => {
    const first = generatePrefill(tool(WEATHER), 7);
    expect(generatePrefill(tool(WEATHER), 7)).toEqual(first);
    expect(createArgumentChecker(tool(WEATHER))(first.text).validation).toEqual({ kind: 'valid' });
    expect(JSON.parse(first.text)).toHaveProperty('city');
  });
});

describe('the Try form', () => {
  it('has a field per scalar property of a flat object schema', () => {
    expect(readFormFields(WEATHER)).toEqual({
      ok: true,
      fields: [
        { key: 'city', required: true, kind: 'string' },
        { key: 'days', required: false, kind: 'number', integer: true },
        { key: 'unit', required: false, kind: 'enum', options: ['celsius', 'fahrenheit'] },
        { key: 'alerts', required: false, kind: 'boolean' },
      ],
    });
    expect(readFormFields({ type: 'object', properties: { note: { type: ['string', 'null'] } } })).toMatchObject({ ok: true, fields: [{ kind: 'string' }] });
  });

  it('falls back to JSON for nested schemas, naming the property', () => {
    expect(readFormFields({ type: 'object', properties: { where: { type: 'object', properties: {} } } })).toEqual({
      ok: false,
      reason: '"where" is not a plain string, number, boolean or enum; edit the arguments as JSON.',
    });
    expect(readFormFields({ type: 'object', properties: { tags: { type: 'array', items: { type: 'string' } } } }).ok).toBe(false);
  });

  it('writes a field into the JSON text and removes it when unset; leaves non-objects alone', () => {
    const text = setFormValue('{"city":"Oslo"}', 'days', 3);
    expect(JSON.parse(text!)).toEqual({ city: 'Oslo', days: 3 });
    expect(JSON.parse(setFormValue(text!, 'days', undefined)!)).toEqual({ city: 'Oslo' });
    expect(setFormValue('[1]', 'days', 3)).toBeNull();
    expect(readFormObject('')).toEqual({});
    expect(readFormObject('{oops')).toBeNull();
  });
});

describe('describeErrorBody', () => {
  it('names the diagnostics of a 422 so the line says what to fix', () => {
    const body = JSON.stringify({ error: 'The tool module has 1 error; fix it to run a turn.', details: [{ message: "Expected '}'", line: 3, column: 5, severity: 'error' }] });
    expect(describeErrorBody(body, 'Unprocessable Entity')).toBe("The tool module has 1 error; fix it to run a turn. tools.ts:3:5 Expected '}'");
    expect(describeErrorBody('<html>bad gateway</html>', 'Bad Gateway')).toBe('<html>bad gateway</html>');
    expect(describeErrorBody(JSON.stringify({ error: 'Too many.' }), '')).toBe('Too many.');
  });
});
