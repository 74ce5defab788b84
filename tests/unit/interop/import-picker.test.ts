import { describe, expect, it } from 'vitest';
import { createPickerState, groupImportedTools, isGroupOpen, matchesToolQuery, reducePicker, renderImportSelection } from '@/lib/interop/import/import-picker';
import { countOccurrences, importOk, readCatalog } from './import-test-support';

describe('the import picker', () => {
  const slice = importOk(readCatalog('github-rest-slice.openapi.json'));

  it('groups by namespace in document order and searches name, namespace, tags and description', () => {
    expect(groupImportedTools(slice.tools).map((group) => [group.key, group.tools.length])).toEqual([
      ['actions', 2], ['dependency-graph', 1], ['meta', 1], ['repos', 3], ['issues', 1], ['markdown', 1], ['projects', 1], ['orgs', 1],
    ]);
    const [first] = slice.tools;
    if (!first) throw new Error('no tools');
    expect(['RETENTION', 'actions', 'artifact and log retention', ''].map((query) => matchesToolQuery(first, query))).toEqual([true, true, true, true]);
    expect(matchesToolQuery(first, 'snapshot')).toBe(false);
  });

  it('starts with everything selected; small imports open, large ones closed and deferred', () => {
    const small = createPickerState(slice);
    expect(small.selected.size).toBe(11);
    expect([small.deferLoading, isGroupOpen(small, 'repos')]).toEqual([false, true]);
    const large = createPickerState(importOk(readCatalog('github-rest.openapi.json.gz')));
    expect([large.selected.size, large.deferLoading, isGroupOpen(large, 'repos')]).toEqual([1223, true, false]);
    expect(isGroupOpen(reducePicker(large, { type: 'search', query: 'get' }), 'repos')).toBe(true);
    expect(isGroupOpen(reducePicker(large, { type: 'toggle-group', group: 'repos' }), 'repos')).toBe(true);
  });

  it('renders only the picked tools, with only the definitions they reach, deferred when asked', () => {
    let state = createPickerState(slice);
    state = reducePicker(state, { type: 'set-tools', keys: [...state.selected], selected: false });
    state = reducePicker(state, { type: 'set-tools', keys: ['actions.set-artifact-and-log-retention-settings-repository', 'repos.get'], selected: true });
    state = reducePicker(state, { type: 'set-defer-loading', deferLoading: true });
    const source = renderImportSelection(slice, state);
    expect(countOccurrences(source, 'defineTool({')).toBe(2);
    expect(countOccurrences(source, 'deferLoading: true,')).toBe(2);
    expect(countOccurrences(source, 'const definitions = {')).toBe(1);
    expect(source).toContain("  'actions-artifact-and-log-retention': {");
    expect(source).not.toContain('snapshot: {');
    const none = renderImportSelection(slice, { selected: new Set(['repos.get']), deferLoading: false });
    expect(none).not.toContain('const definitions');
    expect(none).not.toContain('deferLoading');
  });
});

describe('picker groups', () => {
  it('open every group with a match during a search, and start over when the search ends', () => {
    const large = createPickerState(importOk(readCatalog('github-rest.openapi.json.gz')));
    const opened = reducePicker(large, { type: 'toggle-group', group: 'repos' });
    const searching = reducePicker(opened, { type: 'search', query: 'issue' });
    expect([isGroupOpen(searching, 'repos'), isGroupOpen(searching, 'issues')]).toEqual([true, true]);
    const collapsed = reducePicker(searching, { type: 'toggle-group', group: 'issues' });
    expect(isGroupOpen(reducePicker(collapsed, { type: 'search', query: 'issues' }), 'issues')).toBe(false);
    expect(isGroupOpen(reducePicker(collapsed, { type: 'search', query: '' }), 'issues')).toBe(false);
    expect(isGroupOpen(reducePicker(collapsed, { type: 'search', query: '' }), 'repos')).toBe(false);
  });
});
