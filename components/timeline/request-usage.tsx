import type { Usage } from '@/lib/runtime/events/runtime-event';
import { formatTokens } from './token-savings';

/**
 * The tokens one request cost as the provider reported them: input (and how much of it came from
 * the prompt cache), output (and how much of it was reasoning). Cached and reasoning counts only
 * appear when the provider returned them.
 */
export function RequestUsage({ usage }: { usage: Usage }) {
  const parts = [
    { label: 'input', value: usage.inputTokens },
    { label: 'cached', value: usage.cachedInputTokens },
    { label: 'output', value: usage.outputTokens },
    { label: 'reasoning', value: usage.reasoningTokens },
  ].filter((part): part is { label: string; value: number } => part.value !== undefined);
  return (
    <span data-testid="request-usage" title={`${formatTokens(usage.totalTokens)} tokens in all, as the provider reported`}>
      {parts.map((part) => (
        <span key={part.label} data-usage={part.label}>
          {' · '}
          {part.label} <span className="font-mono">{formatTokens(part.value)}</span>
        </span>
      ))}
    </span>
  );
}
