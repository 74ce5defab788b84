import { toInteropTool, type InteropTool } from '@/lib/interop/export/interop-tool';
import { describeCompiledTools, type ToolSpec } from '@/lib/contract';

function createSpec(overrides: Partial<ToolSpec> & Pick<ToolSpec, 'name' | 'parameters'>): ToolSpec {
  return {
    description: `The ${overrides.name} tool.`,
    schemaSource: 'json-schema',
    strict: true,
    deferLoading: false,
    isReadOnly: false,
    isDestructive: false,
    needsApproval: false,
    hasOutputSchema: false,
    hasExecute: true,
    line: 1,
    ...overrides,
  };
}

/** A tool set covering every branch the exporters take. */
export const SAMPLE_SPECS: ToolSpec[] = [
  createSpec({
    name: 'get_pet',
    description: "Find a pet by id. It's quick.",
    isReadOnly: true,
    parameters: { type: 'object', properties: { petId: { type: 'integer' } }, required: ['petId'], additionalProperties: false },
  }),
  createSpec({
    name: 'search_pets',
    description: 'Search pets; limit is optional.',
    isReadOnly: true,
    parameters: {
      type: 'object',
      properties: { query: { type: 'string', minLength: 1 }, limit: { type: 'integer', minimum: 1, default: 10 } },
      required: ['query'],
    },
  }),
  createSpec({
    name: 'find',
    namespace: 'crm',
    namespaceDescription: 'Customer records.',
    deferLoading: true,
    isReadOnly: true,
    parameters: { type: 'object', properties: { email: { type: 'string', format: 'email' } }, required: ['email'], additionalProperties: false },
  }),
  createSpec({
    name: 'delete',
    namespace: 'crm',
    isDestructive: true,
    needsApproval: 'dynamic',
    strict: false,
    parameters: {
      type: 'object',
      properties: { id: { type: 'string' }, reason: { type: 'string' }, note: { type: 'string' } },
      required: ['id'],
      dependentRequired: { reason: ['note'] },
    },
  }),
  createSpec({
    name: 'merge_records',
    needsApproval: true,
    parameters: {
      type: 'object',
      properties: { left: { $ref: '#/$defs/record' }, right: { $ref: '#/$defs/record' } },
      required: ['left', 'right'],
      additionalProperties: false,
      $defs: { record: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'], additionalProperties: false } },
    },
  }),
  createSpec({
    name: 'pick_one',
    parameters: { type: 'object', properties: { value: { not: { type: 'string' } } }, required: ['value'], additionalProperties: false },
  }),
];

export function createSampleTools(specs: ToolSpec[] = SAMPLE_SPECS): InteropTool[] {
  const views = describeCompiledTools(specs);
  return views.map((view, index) => toInteropTool({ ...view, namespaceDescription: specs[index]?.namespaceDescription }));
}
