import type { CarriedIn } from '@/lib/runtime';

/** What a turn continued from: the earlier items, the files and the tools they left it. */
export function CarriedInRow({ carriedIn }: { carriedIn: CarriedIn }) {
  const { conversationItems, files, loadedTools } = carriedIn;
  return (
    <p data-testid="carried-in" className="flex flex-wrap items-baseline gap-x-1.5 gap-y-0.5 text-[11px] text-fg-muted">
      <span className="font-medium text-fg">Carried in:</span>
      <span>
        {conversationItems.toLocaleString('en-US')} item{conversationItems === 1 ? '' : 's'} of earlier turns
      </span>
      {files.length > 0 && (
        <span title={files.join('\n')}>
          · {files.length} file{files.length === 1 ? '' : 's'} (<span className="font-mono">{summarize(files)}</span>)
        </span>
      )}
      {loadedTools.length > 0 && (
        <span title={loadedTools.join('\n')}>
          · loaded by an earlier search: <span className="font-mono">{summarize(loadedTools)}</span>
        </span>
      )}
    </p>
  );
}

function summarize(names: readonly string[]): string {
  return names.length <= 6 ? names.join(', ') : `${names.slice(0, 6).join(', ')} +${names.length - 6}`;
}
