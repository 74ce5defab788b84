import { describe, expect, it } from 'vitest';
import { type JsonSchema, type JsonValue, restoreOptionalArguments, strictifySchema, createJsonSchemaValidator } from '@/lib/runtime';
import { prepareStrictSchema } from '@/lib/runtime/strict/prepare-strict-schema';
import { strictifyOk } from '../support/strictify-ok';

function isValid(schema: JsonSchema, value: JsonValue): boolean {
  const validator = createJsonSchemaValidator(schema);
  if (!validator.ok) throw new Error(validator.error);
  return validator.value(value).length === 0;
}

/** What the runtime makes of a strict model's arguments: omitted fields restored, then validated against the authored schema. */
function isAcceptedByTool(original: JsonSchema, args: JsonValue): boolean {
  return isValid(original, restoreOptionalArguments(args, original));
}

/** Every sample is valid for the strict schema and, once restored, for the original: the rewrite only narrowed. */
function expectNarrowing(original: JsonSchema, strict: JsonSchema, samples: JsonValue[]): void {
  for (const sample of samples) {
    expect(isValid(strict, sample), JSON.stringify(sample)).toBe(true);
    expect(isAcceptedByTool(original, sample), JSON.stringify(sample)).toBe(true);
  }
}

const wrap = (body: JsonSchema): JsonSchema => ({ type: 'object', properties: { body }, required: ['body'], additionalProperties: false });

describe('a union that only says which declared fields must be present', () => {
  const atLeastOne: JsonSchema = {
    type: 'object',
    properties: { state: { type: 'string', enum: ['open', 'dismissed'] }, assignees: { type: 'array', items: { type: 'string' } } },
    anyOf: [{ required: ['state'] }, { required: ['assignees'] }],
  };

  it('is dropped from what the model sees, and named as a constraint the runtime still checks', () => {
    const original = wrap(atLeastOne);
    const outcome = strictifyOk(original);
    expect(outcome.schema.properties).toEqual({
      body: {
        type: 'object',
        properties: { state: { type: ['string', 'null'], enum: ['open', 'dismissed', null] }, assignees: { type: ['array', 'null'], items: { type: 'string' } } },
        required: ['state', 'assignees'],
        additionalProperties: false,
      },
    });
    expect(outcome.changes[0]).toEqual({
      pointer: '/properties/body/anyOf',
      change: "Removed 'anyOf', which only says which declared fields must be present or what they hold; strict mode cannot express it beside 'properties', and arguments are still validated against it.",
    });
    expect(outcome.changes.filter((change) => change.change.startsWith('Removed '))).toHaveLength(1);
    expectNarrowing(original, outcome.schema, [{ body: { state: 'open', assignees: null } }, { body: { state: null, assignees: ['octocat'] } }]);
    const neither = { body: { state: null, assignees: null } };
    expect(isValid(outcome.schema, neither)).toBe(true);
    expect(isAcceptedByTool(original, neither)).toBe(false);
  });

  it('is dropped as a oneOf too, even when one branch names a field the object never declares', () => {
    const original = wrap({
      type: 'object',
      properties: { id: { type: 'integer' }, owner: { type: 'string' }, repo: { type: 'string' } },
      additionalProperties: false,
      oneOf: [{ required: ['id'] }, { required: ['owner', 'repo'] }, { required: ['undeclared'] }],
    });
    const outcome = strictifyOk(original);
    expect(outcome.changes[0]?.pointer).toBe('/properties/body/oneOf');
    expectNarrowing(original, outcome.schema, [{ body: { id: 1, owner: null, repo: null } }, { body: { id: null, owner: 'o', repo: 'r' } }]);
    expect(isAcceptedByTool(original, { body: { id: 1, owner: 'o', repo: 'r' } })).toBe(false);
  });

  it('is dropped when its branches also narrow a declared field, as "status completed needs a conclusion" does', () => {
    const original = wrap({
      type: 'object',
      properties: { status: { type: 'string' }, conclusion: { type: 'string' } },
      anyOf: [
        { properties: { status: { enum: ['completed'] } }, required: ['conclusion'], additionalProperties: true },
        { properties: { status: { enum: ['queued', 'in_progress'] } }, additionalProperties: true },
      ],
    });
    const outcome = strictifyOk(original);
    expect(outcome.changes[0]?.pointer).toBe('/properties/body/anyOf');
    expectNarrowing(original, outcome.schema, [{ body: { status: 'completed', conclusion: 'success' } }, { body: { status: 'queued', conclusion: null } }]);
    const completedWithout = { body: { status: 'completed', conclusion: null } };
    expect(isValid(outcome.schema, completedWithout)).toBe(true);
    expect(isAcceptedByTool(original, completedWithout)).toBe(false);
  });

  it('is kept when a branch declares a field of its own, or when no branch can be met', () => {
    const ownField: JsonSchema = { type: 'object', properties: { a: { type: 'string' } }, anyOf: [{ required: ['a'] }, { type: 'object', properties: { c: { type: 'string' } }, required: ['c'] }] };
    expect(prepareStrictSchema(ownField).changes).toEqual([]);
    const unmet: JsonSchema = { type: 'object', properties: { a: { type: 'string' } }, anyOf: [{ required: ['b'] }, { required: ['c'] }] };
    expect(prepareStrictSchema(unmet).changes).toEqual([]);
    expect(strictifySchema(wrap(unmet)).ok).toBe(false);
  });
});

describe('properties without a type', () => {
  it("gain 'type: object', which only rules out values that are not objects", () => {
    const original = wrap({ properties: { suite: { type: 'string', enum: ['default', 'extended'] } } });
    const outcome = strictifyOk(original);
    expect((outcome.schema.properties as Record<string, JsonSchema>).body?.type).toBe('object');
    expect(outcome.changes[0]).toEqual({
      pointer: '/properties/body',
      change: "Added 'type: \"object\"' beside 'properties', since strict mode needs a type; this rules out only values that are not objects, which 'properties' does not describe.",
    });
    expectNarrowing(original, outcome.schema, [{ body: { suite: 'default' } }, { body: { suite: null } }]);
    expect(isValid(original, { body: 'text' })).toBe(true);
    expect(isValid(outcome.schema, { body: 'text' })).toBe(false);
  });

  it('say, when optional, that the null the model sends for them stays: the original accepted null', () => {
    const original: JsonSchema = { type: 'object', properties: { body: { properties: { suite: { type: 'string' } } } } };
    const outcome = strictifyOk(original);
    expect(outcome.changes.at(-2)).toEqual({
      pointer: '/properties/body',
      change: "Made optional property 'body' required and nullable; its original schema accepts null too, so a null from the model reaches the tool.",
    });
    expect(restoreOptionalArguments({ body: null }, original)).toEqual({ body: null });
    expectNarrowing(original, outcome.schema, [{ body: null }, { body: { suite: 'x' } }]);
  });

  it('are typed at the root as well, and beside a dropped union', () => {
    const original: JsonSchema = { properties: { a: { type: 'string' }, b: { type: 'string' } }, required: ['a'], anyOf: [{ required: ['a'] }] };
    const outcome = strictifyOk(original);
    expect(outcome.schema.type).toBe('object');
    expect(outcome.changes.slice(0, 2).map((change) => change.pointer)).toEqual(['/anyOf', '']);
    expectNarrowing(original, outcome.schema, [{ a: 'x', b: null }]);
  });
});

describe("an object whose fields are only given in its union's branches", () => {
  it("has 'type: object' moved into each branch, and the same values stay valid", () => {
    const original = wrap({
      type: 'object',
      description: 'Either digests or ids.',
      oneOf: [
        { properties: { digests: { type: 'array', items: { type: 'string' } } }, required: ['digests'] },
        { properties: { ids: { type: 'array', items: { type: 'integer' } } }, required: ['ids'] },
      ],
    });
    const prepared = prepareStrictSchema(original);
    expect(prepared.changes).toEqual([{
      pointer: '/properties/body',
      change: "Moved 'type: \"object\"' into each 'oneOf' branch, since strict mode takes an object's fields only beside its type; the same values are valid.",
    }]);
    const body = (prepared.schema.properties as Record<string, JsonSchema>).body;
    expect(body).toEqual({
      description: 'Either digests or ids.',
      oneOf: [
        { type: 'object', properties: { digests: { type: 'array', items: { type: 'string' } } }, required: ['digests'] },
        { type: 'object', properties: { ids: { type: 'array', items: { type: 'integer' } } }, required: ['ids'] },
      ],
    });
    const values: JsonValue[] = [{ digests: ['a'] }, { ids: [1] }, { digests: ['a'], ids: [1] }, {}, 'text', null];
    for (const value of values) {
      expect(isValid(wrap(body as JsonSchema), { body: value }), JSON.stringify(value)).toBe(isValid(original, { body: value }));
    }
    const outcome = strictifyOk(original);
    expect(outcome.changes[0]).toEqual(prepared.changes[0]);
    expectNarrowing(original, outcome.schema, [{ body: { digests: ['a'] } }, { body: { ids: [1, 2] } }]);
  });

  it('loses a type its $ref branches already carry', () => {
    const original: JsonSchema = {
      ...wrap({ $ref: '#/$defs/rule' }),
      $defs: {
        rule: { title: 'Rule', type: 'object', oneOf: [{ $ref: '#/$defs/creation' }, { $ref: '#/$defs/pattern' }] },
        creation: { type: 'object', properties: { type: { type: 'string', enum: ['creation'] } }, required: ['type'] },
        pattern: { type: 'object', properties: { type: { type: 'string', enum: ['pattern'] }, pattern: { type: 'string' }, negate: { type: 'boolean' } }, required: ['type', 'pattern'] },
      },
    };
    const outcome = strictifyOk(original);
    expect((outcome.schema.$defs as Record<string, JsonSchema>).rule).toEqual({ title: 'Rule', anyOf: [{ $ref: '#/$defs/creation' }, { $ref: '#/$defs/pattern' }] });
    expect(outcome.changes.map((change) => change.pointer)).toContain('/$defs/rule');
    expectNarrowing(original, outcome.schema, [{ body: { type: 'creation' } }, { body: { type: 'pattern', pattern: 'x', negate: null } }]);
  });

  it('is kept as it is when the object says more than its type beside the union, or a branch is not an object', () => {
    const branches: JsonSchema[] = [{ type: 'object', properties: { a: { type: 'string' } } }, { type: 'object', properties: { b: { type: 'string' } } }];
    const bodies: JsonSchema[] = [
      { type: 'object', required: ['a'], oneOf: branches },
      { type: 'object', additionalProperties: false, oneOf: branches },
      { type: 'object', oneOf: [...branches, { type: 'string' }] },
      { type: 'object', oneOf: [...branches, { $ref: '#/$defs/text' }] },
    ];
    for (const body of bodies) {
      expect(prepareStrictSchema({ ...wrap(body), $defs: { text: { type: 'string' } } }).changes, JSON.stringify(body)).toEqual([]);
    }
    expect(prepareStrictSchema({ ...wrap({ type: 'object', oneOf: [...branches, { $ref: '#/$defs/text' }] }), $defs: { text: { type: 'object', properties: {} } } }).changes).toHaveLength(1);
  });
});

describe('restoring the arguments of a rewritten schema', () => {
  it('removes the nulls of optional fields declared beside a union, whichever branch is picked', () => {
    const original: JsonSchema = {
      type: 'object',
      properties: { state: { type: 'string' }, note: { type: 'string' }, assignee: { type: 'string' } },
      anyOf: [{ required: ['state'] }, { required: ['assignee'] }],
    };
    expect(restoreOptionalArguments({ state: 'open', note: null, assignee: null }, original)).toEqual({ state: 'open' });
    expect(restoreOptionalArguments({ state: null, note: 'n', assignee: 'me' }, original)).toEqual({ note: 'n', assignee: 'me' });
  });

  it('picks a branch whose required fields the value has', () => {
    const original: JsonSchema = {
      type: 'object',
      oneOf: [
        { properties: { a: { type: 'string' }, x: { type: 'string' } }, required: ['a'] },
        { properties: { b: { type: 'string' }, y: { type: 'string' } }, required: ['b'] },
      ],
    };
    expect(restoreOptionalArguments({ b: 'b', y: null }, original)).toEqual({ b: 'b' });
    const outcome = strictifyOk({ type: 'object', properties: { body: original }, required: ['body'] });
    expectNarrowing({ type: 'object', properties: { body: original }, required: ['body'] }, outcome.schema, [{ body: { b: 'b', y: null } }, { body: { a: 'a', x: null } }]);
  });
});
