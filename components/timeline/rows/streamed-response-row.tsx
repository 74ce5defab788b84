import type { StreamedText as StreamedItem } from '@/lib/runtime';
import { StreamedText } from '@/components/timeline/call';

export type StreamedResponseRowProps = {
  texts: StreamedItem[];
  /** More may still arrive: the turn is running and the response has not come yet. */
  live: boolean;
};

/** The assistant text of a response as it streams in (or as far as it came before an abort). */
export function StreamedResponseRow({ texts, live }: StreamedResponseRowProps) {
  const text = texts.map((entry) => entry.text).join('\n');
  return (
    <div data-testid="model-response-streaming" data-streaming={live ? 'true' : 'false'} className="space-y-1 text-xs">
      <p className="flex flex-wrap items-baseline gap-x-2 text-fg-muted">
        <span className="font-medium text-fg">Response</span>
        <span>{live ? 'streaming…' : 'incomplete'}</span>
      </p>
      {text !== '' && <StreamedText text={text} live={live} testId="streaming-text" />}
    </div>
  );
}
