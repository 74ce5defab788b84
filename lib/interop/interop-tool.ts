import { isPlainObject, type JsonSchema } from '@/lib/runtime/json';
import type { ExecutionMode, Risk } from '@/lib/runtime/tool';

/**
 * One tool as the exporters and the compatibility matrix read it: the fields of the compile
 * API's `CompiledToolView` that matter outside the playground. `sentSchema` is what OpenAI gets
 * (the strictified form when the tool is strict and needed it); `jsonSchema` is as authored.
 */
export type InteropTool = {
  name: string;
  namespace?: string;
  namespaceDescription?: string;
  qualifiedName: string;
  description: string;
  strict: boolean;
  deferLoading: boolean;
  executionMode: ExecutionMode;
  risk: Risk;
  needsApproval: boolean | 'dynamic';
  jsonSchema: JsonSchema;
  sentSchema: JsonSchema;
  /** False when the tool is strict but its schema cannot be made strict: OpenAI would reject it. */
  strictSendable: boolean;
};

/** The structural subset of `CompiledToolView` (server or client copy) this module needs. */
export type CompiledToolLike = {
  name: string;
  namespace?: string;
  namespaceDescription?: string;
  qualifiedName: string;
  description: string;
  strict: boolean;
  deferLoading: boolean;
  executionMode: ExecutionMode;
  risk: Risk;
  needsApproval: boolean | 'dynamic';
  jsonSchema: object;
  sentSchema: object;
  strictReport: { ok: boolean };
  strictified: null | { schema: object };
};

export function toInteropTool(view: CompiledToolLike): InteropTool {
  return {
    name: view.name,
    namespace: view.namespace,
    namespaceDescription: view.namespaceDescription,
    qualifiedName: view.qualifiedName,
    description: view.description,
    strict: view.strict,
    deferLoading: view.deferLoading,
    executionMode: view.executionMode,
    risk: view.risk,
    needsApproval: view.needsApproval,
    jsonSchema: asJsonSchema(view.jsonSchema),
    sentSchema: asJsonSchema(view.sentSchema),
    strictSendable: !view.strict || view.strictReport.ok || view.strictified !== null,
  };
}

/** The compile API sends schemas as parsed JSON, so every object it holds is a JSON Schema object. */
function asJsonSchema(value: object): JsonSchema {
  return isPlainObject(value) ? (value as JsonSchema) : {};
}
