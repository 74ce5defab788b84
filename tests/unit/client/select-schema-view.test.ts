import { describe, expect, it } from 'vitest';
import type { CompileState } from '@/lib/client/playground-state';
import { selectEditorDiagnostics, selectSchemaView } from '@/lib/client/compile';
import { createCompileResponse, createToolView, syntaxError } from './client-fixtures';

const good = createCompileResponse([createToolView()]);
const broken = createCompileResponse([], [syntaxError]);

describe('selectSchemaView', () => {
  it('is empty before the first compile', () => {
    expect(selectSchemaView({ pending: true, latest: null, lastGood: null })).toMatchObject({ empty: true, tools: [] });
  });

  it('shows the newest tools when the compile is clean', () => {
    const view = selectSchemaView({ pending: false, latest: { kind: 'compiled', source: 's', response: good }, lastGood: good });
    expect(view).toEqual({ tools: good.tools, moduleKey: good.moduleKey, showingLastGood: false, diagnostics: [], failure: null, empty: false });
  });

  it('shows diagnostics with the last good tools, flagged, when the source has errors', () => {
    const compile: CompileState = { pending: false, latest: { kind: 'compiled', source: 's2', response: broken }, lastGood: good };
    expect(selectSchemaView(compile)).toEqual({ tools: good.tools, moduleKey: good.moduleKey, showingLastGood: true, diagnostics: [syntaxError], failure: null, empty: false });
    expect(selectEditorDiagnostics(compile)).toEqual([syntaxError]);
  });

  it('reports a failed request and keeps the last good tools', () => {
    const compile: CompileState = { pending: false, latest: { kind: 'failed', source: 's2', message: 'offline' }, lastGood: good };
    expect(selectSchemaView(compile)).toMatchObject({ tools: good.tools, showingLastGood: true, failure: 'offline' });
    expect(selectEditorDiagnostics(compile)).toEqual([]);
  });
});
