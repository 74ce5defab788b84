import type { Usage } from '@/lib/runtime';
import { formatTokens } from '@/components/timeline/tokens';

/**
 * The tokens one request cost as the provider reported them: input (and how much of it came from
 * the prompt cache), output (and how much of it was reasoning). Cached and reasoning counts only
 * appear when the provider returned them.
 */
export function RequestUsage({ usage }: { usage: Usage }) {
  const parts = [
    { label: 'input', value: usage.inputTokens, title: 'Tokens of the whole request as the provider counted them: tool definitions, instructions and the conversation' },
    { label: 'cached', value: usage.cachedInputTokens, title: 'Of the input, tokens served from the provider’s prompt cache' },
    { label: 'cache write', value: usage.cacheWriteInputTokens, title: 'Of the input, tokens written to the provider’s prompt cache' },
    { label: 'output', value: usage.outputTokens, title: 'Tokens the model generated, reasoning included' },
    { label: 'reasoning', value: usage.reasoningTokens, title: 'Of the output, tokens spent on reasoning' },
  ].filter((part): part is { label: string; value: number; title: string } => part.value !== undefined);
  return (
    <span data-testid="request-usage" title={`${formatTokens(usage.totalTokens)} tokens in all, as the provider reported`}>
      {parts.map((part) => (
        <span key={part.label} data-usage={part.label} title={part.title}>
          {' · '}
          {part.label} <span className="font-mono">{formatTokens(part.value)}</span>
        </span>
      ))}
    </span>
  );
}
