import { describe, expect, it } from 'vitest';
import { planAnthropicSchema, previewProviderTool } from '@/lib/interop';
import type { JsonSchema } from '@/lib/runtime';

const find: JsonSchema = { type: 'object', properties: { name: { type: 'string' } }, required: ['name'], additionalProperties: false };

describe('the schema card\'s view of a tool as each provider receives it', () => {
  it('shows Anthropic\'s tools entry, strict where strict tool use accepts the schema, under its qualified name', () => {
    const preview = previewProviderTool({ name: 'find_customer', namespace: 'crm', description: 'Find one.', parameters: find, strict: true }, 'anthropic');
    expect(preview).toEqual({
      provider: 'anthropic',
      wireName: 'crm__find_customer',
      sent: { name: 'crm__find_customer', description: 'Find one.', input_schema: find, strict: true },
      sentence: 'A turn on Anthropic sends this schema unchanged as input_schema, with strict: true (strict tool use accepts it).',
      namespaceNote: 'Anthropic has no namespaces: a namespaced tool goes by its qualified name, namespace__name, and its calls map back: crm.find_customer is sent as crm__find_customer.',
    });
  });

  it('shows Anthropic\'s rewrite of a root union and leaves strict off when strict tool use would refuse the schema', () => {
    const rootUnion = { type: 'object', properties: { a: { type: 'string' }, b: { not: { type: 'number' } } }, anyOf: [{ required: ['a'] }, { required: ['b'] }] };
    const preview = previewProviderTool({ name: 'pick', description: '', parameters: rootUnion, strict: true }, 'anthropic');
    expect(preview.sent).toEqual({ name: 'pick', input_schema: { type: 'object', properties: { a: { type: 'string' }, b: { not: { type: 'number' } } } } });
    expect(preview.sentence).toBe('A turn on Anthropic sends the rewrite below as input_schema, without strict: Anthropic\'s strict tool use would reject it.');
  });

  it('says a tool Anthropic or Gemini would reject in any form is not sent, with the reason', () => {
    const scalar = { name: 'echo', description: '', parameters: { type: 'string' }, strict: false };
    expect(planAnthropicSchema({ name: 'echo', jsonSchema: { type: 'string' } })).toEqual({ kind: 'refused', reason: '/type: input_schema.type must be "object".' });
    const anthropic = previewProviderTool(scalar, 'anthropic');
    expect(anthropic.sent).toBeNull();
    expect(anthropic.sentence).toBe('A turn on Anthropic sends nothing while this tool is offered: Anthropic would reject it in any form. /type: input_schema.type must be "object".');
    const gemini = previewProviderTool(scalar, 'gemini');
    expect(gemini.sent).toBeNull();
    expect(gemini.sentence).toBe('A turn on Gemini sends nothing while this tool is offered. Gemini would reject this function in any form: /type: parameters must be a Schema of type OBJECT.');
  });

  it('chooses Gemini\'s field by the matrix: parametersJsonSchema unchanged, the rewrite as parameters, full JSON Schema when Schema cannot express it', () => {
    expect(previewProviderTool({ name: 'find', namespace: 'crm', description: 'Find.', parameters: { type: 'object', properties: { name: { type: 'string' } } }, strict: false }, 'gemini')).toEqual({
      provider: 'gemini',
      wireName: 'crm.find',
      sent: { name: 'crm.find', description: 'Find.', parametersJsonSchema: { type: 'object', properties: { name: { type: 'string' } } } },
      sentence: 'A turn on Gemini sends this schema unchanged, as parametersJsonSchema.',
      namespaceNote: 'Gemini has no namespaces: a namespaced tool goes by its qualified name, namespace.name, and its calls map back: crm.find is sent as crm.find.',
    });
    const nullable = previewProviderTool({ name: 'n', description: '', parameters: { type: 'object', properties: { v: { type: ['string', 'null'] } } }, strict: false }, 'gemini');
    expect(nullable.sent).toEqual({ name: 'n', parameters: { type: 'object', properties: { v: { type: 'string', nullable: true } } } });
    const map = previewProviderTool({ name: 'm', description: '', parameters: { type: 'object', additionalProperties: { type: 'string' } }, strict: false }, 'gemini');
    expect(map.sent).toEqual({ name: 'm', parametersJsonSchema: { type: 'object', additionalProperties: { type: 'string' } } });
    expect(map.sentence).toContain('full JSON Schema');
  });

  it('says how a deferred tool reaches each provider: defer_loading beside Anthropic\'s search, the runtime\'s search for Gemini', () => {
    const deferred = { name: 'get_weather', namespace: 'meteo', description: 'Weather.', parameters: { type: 'object' }, strict: false, deferLoading: true };
    const anthropic = previewProviderTool(deferred, 'anthropic');
    expect(anthropic.sent).toEqual({ name: 'meteo__get_weather', description: 'Weather.', input_schema: { type: 'object' }, defer_loading: true });
    expect(anthropic.deferralNote).toContain('tool search tool');
    const gemini = previewProviderTool(deferred, 'gemini');
    expect(gemini.deferralNote).toContain('runtime offers its own tool_search');
    expect(previewProviderTool({ ...deferred, deferLoading: false }, 'gemini').deferralNote).toBeUndefined();
  });
});
