'use client';

import { revealPanel } from './reveal-panel';

const LINK_CLASS =
  'sr-only rounded bg-accent px-3 py-1.5 text-xs font-semibold text-accent-fg focus:not-sr-only focus:absolute focus:top-2 focus:z-50 focus:outline-2 focus:outline-offset-2 focus:outline-blue-500';

/** The first stops of the Tab order: straight to the run panel's message or the timeline, past the header and the editor. */
export function SkipLinks() {
  const skip = (event: React.MouseEvent<HTMLAnchorElement>, selector: string) => {
    event.preventDefault();
    revealPanel('run', () => document.querySelector<HTMLElement>(selector)?.focus());
  };
  return (
    <>
      <a href="#run-message" data-testid="skip-to-run" className={`${LINK_CLASS} focus:left-2`} onClick={(event) => skip(event, '[data-testid="run-message"]')}>
        Skip to the run panel
      </a>
      <a href="#timeline" data-testid="skip-to-timeline" className={`${LINK_CLASS} focus:left-48`} onClick={(event) => skip(event, '#timeline')}>
        Skip to the timeline
      </a>
    </>
  );
}
