/**
 * Text of a response still streaming: what has arrived, with a blinking caret while more is
 * coming; once the stream stopped without a response (an abort), a note says it was cut off.
 */
export function StreamedText({ text, live, testId, mono = false }: { text: string; live: boolean; testId: string; mono?: boolean }) {
  return (
    <div className="space-y-0.5">
      <p
        data-testid={testId}
        data-streaming={live ? 'true' : 'false'}
        aria-live={live ? 'polite' : undefined}
        aria-busy={live}
        className={`max-h-40 overflow-auto whitespace-pre-wrap break-words rounded bg-panel-muted px-2 py-1 ${mono ? 'break-all font-mono text-[11px] leading-4' : 'text-fg'}`}
      >
        {text}
        {live && (
          <span aria-hidden className="ml-px inline-block w-[0.5em] animate-pulse text-accent">
            ▍
          </span>
        )}
      </p>
      {!live && <p className="text-[11px] italic text-fg-muted">cut off: the stream stopped before the response was complete</p>}
    </div>
  );
}
