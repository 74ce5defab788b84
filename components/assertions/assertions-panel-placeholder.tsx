/** The Assertions strip's frame while its code loads: the same height and heading, no controls yet. */
export function AssertionsPanelPlaceholder() {
  return (
    <section aria-label="Assertions" aria-busy="true" className="space-y-1.5 rounded-md border border-border bg-panel px-2 py-1.5 text-xs">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-semibold">Assertions</span>
        <span className="text-fg-muted">loading…</span>
        <span aria-hidden className="ml-auto rounded border border-transparent px-1.5 text-[11px]">
          &nbsp;
        </span>
      </div>
    </section>
  );
}
