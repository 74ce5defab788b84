import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SandboxStepRow, type SandboxStepRowProps } from '@/components/timeline/rows';

const render = (props: SandboxStepRowProps) => renderToStaticMarkup(createElement(SandboxStepRow, props));

describe('SandboxStepRow', () => {
  it('says the sandbox is being prepared while a live turn waits for it, and nothing otherwise', () => {
    expect(render({ preparing: true })).toContain('data-status="preparing"');
    expect(render({ preparing: true })).toContain('Preparing the sandbox…');
    expect(render({ preparing: false })).toBe('');
  });

  it('shows how long the sandbox took and how many tools the module has', () => {
    const html = render({ preparing: false, sandbox: { status: 'ready', durationMs: 37.6, toolCount: 1, at: 37.6 } });
    expect(html).toContain('data-status="ready"');
    expect(html).toContain('Sandbox ready · 38 ms · 1 tool<');
    expect(render({ preparing: false, sandbox: { status: 'ready', durationMs: 1520, toolCount: 3, at: 1520 } })).toContain('Sandbox ready · 1.5 s · 3 tools<');
  });

  it('lists every diagnostic of a module that did not evaluate, with its position', () => {
    const html = render({
      preparing: false,
      sandbox: {
        status: 'failed',
        code: 'module-error',
        message: 'The tool module has 2 errors; fix them to run a turn.',
        diagnostics: [
          { message: 'Expected ")" but found "schema"', line: 3, column: 14, severity: 'error' },
          { message: 'Unused option', line: 9, column: 2, severity: 'warning' },
        ],
        at: 12,
      },
    });
    expect(html).toContain('role="alert"');
    expect(html).toContain('data-code="module-error"');
    expect(html).toContain('The tool module did not evaluate');
    expect(html.replace(/<!-- -->/g, '')).toContain('tools.ts:3:14');
    expect(html).toContain('Expected &quot;)&quot; but found &quot;schema&quot;');
    expect(html.match(/data-testid="sandbox-diagnostic"/g)).toHaveLength(2);
  });
});
