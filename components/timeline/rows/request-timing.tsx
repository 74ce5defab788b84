import type { ResponseTiming } from '@/lib/runtime';
import { formatDuration } from '@/components/timeline/call';

/** How fast one request was answered: time to the first streamed token and output tokens per second (or the whole duration). */
export function RequestTiming({ timing }: { timing: ResponseTiming }) {
  const parts = [
    timing.firstTokenMs === undefined ? `answered in ${formatDuration(timing.durationMs)}` : `first token ${formatDuration(timing.firstTokenMs)}`,
    ...(timing.outputTokensPerSecond === undefined ? [] : [`${formatRate(timing.outputTokensPerSecond)} tok/s`]),
  ];
  return (
    <span
      data-testid="request-timing"
      data-first-token-ms={timing.firstTokenMs}
      title={`${formatDuration(timing.durationMs)} from sending the request to the whole response${timing.outputTokensPerSecond === undefined ? '' : '; tokens per second count the output tokens the provider reported, from the first token on'}`}
    >
      · <span className="font-mono">{parts.join(' · ')}</span>
    </span>
  );
}

function formatRate(perSecond: number): string {
  return perSecond >= 100 ? Math.round(perSecond).toLocaleString('en-US') : perSecond.toFixed(1);
}
