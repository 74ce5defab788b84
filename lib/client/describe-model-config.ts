import type { EmbeddedWire } from '@/lib/contract';
import type { ModelSettings } from './settings-slice';

const WIRE_NAMES: Record<EmbeddedWire, string> = { openai: 'Responses', anthropic: 'Anthropic', gemini: 'Gemini' };

/** A configuration in a few words, as a column's title: "auto · Anthropic wire", "Gemini · gemini-2.5-flash". */
export function describeModelConfig(settings: ModelSettings): string {
  switch (settings.provider) {
    case 'auto':
    case 'scripted':
      return `${settings.provider} · ${WIRE_NAMES[settings.wire]} wire`;
    case 'openai':
      return `OpenAI · ${settings.openai.model}`;
    case 'openai-compatible':
      return `Compatible · ${settings.compatible.model}`;
    case 'anthropic':
      return `Anthropic · ${settings.anthropic.model}`;
    case 'gemini':
      return `Gemini · ${settings.gemini.model}`;
  }
}
