import { describeAssertion, type EmbeddedWire, type EvaluationRequest, type RequestModelConfig } from '@/lib/contract';
import type { EvaluationPlan } from './summarize-evaluation';

/** The labels an evaluation's results use, read from its request: assertions described, models named (numbered when two read alike), variants as labelled. */
export function planEvaluation(request: Pick<EvaluationRequest, 'assertions' | 'models' | 'variants'>): EvaluationPlan {
  const names = request.models.map(describeEvaluationModel);
  const models = names.map((name, index) => (names.filter((other) => other === name).length > 1 ? `${name} #${index + 1}` : name));
  // A label is quoted inside a sentence, so it drops its own full stop.
  return { assertionLabels: request.assertions.map((assertion) => describeAssertion(assertion).replace(/\.$/, '')), models, variants: request.variants.map((variant) => variant.label) };
}

const WIRE_NAMES: Record<EmbeddedWire, string> = { openai: 'Responses', anthropic: 'Anthropic', gemini: 'Gemini' };

/** A model configuration in a few words, as the run panel's columns name them: `auto · Responses wire · faults 20%`, `OpenAI · gpt-5-mini`. */
export function describeEvaluationModel(config: RequestModelConfig): string {
  switch (config.provider) {
    case 'auto':
      return `auto · ${WIRE_NAMES[config.wire ?? 'openai']} wire${config.faults ? ` · faults ${Math.round(config.faults.rate * 100)}%` : ''}`;
    case 'scripted':
      return `scripted · ${WIRE_NAMES[config.wire ?? 'openai']} wire`;
    case 'openai':
      return `OpenAI · ${config.model}`;
    case 'openai-compatible':
      return `Compatible · ${config.model}`;
    case 'anthropic':
      return `Anthropic · ${config.model}`;
    case 'gemini':
      return `Gemini · ${config.model}`;
  }
}
