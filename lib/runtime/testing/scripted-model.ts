import type { ConversationItem, ModelClient, ModelError, ModelRequest, ModelResponse } from '../model/model-client';
import { ok, type Result } from '../vocabulary/result';

/** One scripted response: assistant text and/or calls with RAW argument strings. */
export type TestStep = {
  text?: string;
  calls?: { name: string; namespace?: string; arguments: string; callId?: string }[];
  search?: { query: string; callId?: string };
  fail?: ModelError;
};

/**
 * A host-side test double: answers each request with the next step, records every request,
 * and fails the test loudly when the script runs out.
 */
export function createScriptedTestModel(steps: TestStep[], options: { label?: string; supportsDeferredTools?: boolean } = {}) {
  const requests: ModelRequest[] = [];
  let index = 0;
  const client: ModelClient = {
    label: options.label ?? 'test:scripted',
    hostedToolSearch: false,
    supportsDeferredTools: options.supportsDeferredTools ?? true,
    async createResponse(request): Promise<Result<ModelResponse, ModelError>> {
      requests.push(structuredClone(request));
      const step = steps[index];
      index += 1;
      if (!step) throw new Error(`Scripted test model ran out of steps at request ${index} (script has ${steps.length}).`);
      if (step.fail) return { ok: false, error: step.fail };
      const output: ConversationItem[] = [];
      if (step.text) output.push({ type: 'message', role: 'assistant', content: step.text });
      if (step.search) {
        output.push({ type: 'tool_search_call', call_id: step.search.callId ?? `search_${index}`, arguments: { query: step.search.query }, execution: 'client' });
      }
      (step.calls ?? []).forEach((call, position) => {
        output.push({ type: 'function_call', call_id: call.callId ?? `call_${index}_${position + 1}`, name: call.name, namespace: call.namespace, arguments: call.arguments });
      });
      return ok({ id: `resp_${index}`, output });
    },
  };
  return { client, requests, remaining: () => steps.length - index };
}

/** The user's message that opens a turn's input. */
export function userMessage(content: string): ConversationItem {
  return { type: 'message', role: 'user', content };
}
