import type { JsonSchema, ExecutionMode, Risk } from '@/lib/runtime';
import type { CompiledToolView } from '@/lib/contract';

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

/** The compile API's view of a tool (plus the namespace description when known): what exporters start from. */
export type CompiledToolLike = Pick<
  CompiledToolView,
  'name' | 'namespace' | 'qualifiedName' | 'description' | 'strict' | 'deferLoading' | 'executionMode' | 'risk' | 'needsApproval' | 'jsonSchema' | 'sentSchema' | 'strictReport' | 'strictified'
> & { namespaceDescription?: string };

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
    jsonSchema: view.jsonSchema,
    sentSchema: view.sentSchema,
    strictSendable: !view.strict || view.strictReport.ok || view.strictified !== null,
  };
}
