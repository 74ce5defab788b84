import type { ModelProviderChoice } from '@/lib/client';

/** The providers the run panel offers, in the order its pickers list them. */
export const PROVIDER_OPTIONS: readonly { value: ModelProviderChoice; label: string }[] = [
  { value: 'auto', label: 'Embedded · auto' },
  { value: 'scripted', label: 'Embedded · scripted' },
  { value: 'openai', label: 'OpenAI' },
  { value: 'openai-compatible', label: 'OpenAI-compatible' },
  { value: 'anthropic', label: 'Anthropic' },
  { value: 'gemini', label: 'Gemini' },
];
