import type { ScriptStep } from '@/lib/contract';
import { countModelTurns, type SynchronousEmbeddedModel, type EmbeddedOutput } from './embedded-model';

/**
 * A model that answers iteration i with step i of its script. Arguments are sent exactly as
 * written, so malformed JSON can be staged; past the end it ends the turn with a note. A step's
 * `streamDelayMs` paces its streamed pieces.
 */
export function createScriptedModel(script: readonly ScriptStep[], seed = 0): SynchronousEmbeddedModel {
  return {
    kind: 'scripted',
    seed,
    respond(request) {
      const index = countModelTurns(request.input);
      const step = script[index];
      if (!step) return [{ type: 'message', text: `(The script has no step ${index + 1}; ending the turn.)` }];
      const outputs: EmbeddedOutput[] = [];
      const pacing = step.streamDelayMs ? { streamDelayMs: step.streamDelayMs } : {};
      if (step.text !== undefined || !step.calls?.length) outputs.push({ type: 'message', text: step.text ?? '', ...pacing });
      for (const call of step.calls ?? []) {
        outputs.push({
          type: 'function_call',
          name: call.name,
          ...(call.namespace ? { namespace: call.namespace } : {}),
          arguments: call.arguments,
          ...pacing,
        });
      }
      return outputs;
    },
  };
}
