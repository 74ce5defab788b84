import { describe, expect, it } from 'vitest';
import { type CompiledToolView, type StrictViolation, createToolFilterIndex, EMPTY_TOOL_FILTER, filterTools, hasStrictVerdict, isToolFilterEmpty, type ToolFilter } from '@/lib/client/compile';
import { createToolView } from './client-fixtures';

const looseSchema = { type: 'object', properties: { note: { type: 'string' } } };
const violation: StrictViolation = { pointer: '/properties/note', rule: 'all-required', message: 'All fields must be required' };

function createNamespacedTool(namespace: string | undefined, name: string, overrides: Partial<CompiledToolView> = {}): CompiledToolView {
  return createToolView({ name, namespace, qualifiedName: namespace ? `${namespace}.${name}` : name, ...overrides });
}

const tools = [
  createNamespacedTool('issues', 'create', { description: 'Create an issue.', tags: ['issues', 'write'] }),
  createNamespacedTool('issues', 'list-for-repo', {
    description: 'List repository issues.',
    strictCheck: 'strictified',
    strictReport: { ok: false, violations: [violation] },
    strictified: { schema: looseSchema, changes: [{ pointer: '/properties/note', change: 'made nullable and required' }] },
  }),
  createNamespacedTool('repos', 'get', { description: 'Get a repository.', strictCheck: 'rejected', strictReport: { ok: false, violations: [violation] }, strictified: null }),
  createNamespacedTool('repos', 'create-fork', { description: 'Create a fork of a repository.', strict: false, tags: ['write'] }),
  createNamespacedTool(undefined, 'read_file', { description: 'Read a file from the WORKSPACE.' }),
];
const index = createToolFilterIndex(tools);

function namesMatching(filter: Partial<ToolFilter>): string[] {
  return filterTools(index, { ...EMPTY_TOOL_FILTER, ...filter }).map((tool) => tool.qualifiedName);
}

describe('createToolFilterIndex', () => {
  it('counts the tools of each namespace, sorted by name, and those without one', () => {
    expect(index.namespaces).toEqual([
      { namespace: 'issues', count: 2 },
      { namespace: 'repos', count: 2 },
    ]);
    expect(index.withoutNamespace).toBe(1);
  });

  it('counts the tools that carry each tag, sorted by name', () => {
    expect(index.tags).toEqual([
      { tag: 'issues', count: 1 },
      { tag: 'write', count: 2 },
    ]);
    expect(index.tagsAddToNamespaces).toBe(true);
  });

  it('says tags add nothing when each tool has the one tag its namespace shares, as in GitHub REST', () => {
    const byTag = [createNamespacedTool('issues', 'create', { tags: ['issues'] }), createNamespacedTool('issues', 'get', { tags: ['issues'] }), createNamespacedTool('Pet_Store', 'list', { tags: ['Pet Store'] })];
    expect(createToolFilterIndex(byTag).tagsAddToNamespaces).toBe(false);
    expect(createToolFilterIndex([...byTag, createNamespacedTool(undefined, 'read_file')]).tagsAddToNamespaces).toBe(true);
    expect(createToolFilterIndex([...byTag, createNamespacedTool('issues', 'lock', { tags: ['moderation'] })]).tagsAddToNamespaces).toBe(true);
    expect(createToolFilterIndex([...byTag, createNamespacedTool('repos', 'get', { tags: ['issues'] })]).tagsAddToNamespaces).toBe(true);
    expect(createToolFilterIndex([createNamespacedTool('issues', 'create')]).tagsAddToNamespaces).toBe(false);
  });
});

describe('filterTools', () => {
  it('returns every tool, as the same array, for the empty (cleared) filter', () => {
    expect(filterTools(index, EMPTY_TOOL_FILTER)).toBe(tools);
    expect(isToolFilterEmpty(EMPTY_TOOL_FILTER)).toBe(true);
    expect(isToolFilterEmpty({ ...EMPTY_TOOL_FILTER, text: '   ' })).toBe(true);
    expect(namesMatching({ text: ' \t ' })).toHaveLength(tools.length);
  });

  it('needs every word of the text, case-insensitively, in the name, qualified name or description', () => {
    expect(namesMatching({ text: 'issues create' })).toEqual(['issues.create']);
    expect(namesMatching({ text: 'CREATE' })).toEqual(['issues.create', 'repos.create-fork']);
    expect(namesMatching({ text: '  repository   fork ' })).toEqual(['repos.create-fork']);
    expect(namesMatching({ text: 'workspace' })).toEqual(['read_file']);
    expect(namesMatching({ text: 'repos.get' })).toEqual(['repos.get']);
    expect(namesMatching({ text: 'issue nothing-like-this' })).toEqual([]);
  });

  it('does not match a word across two fields', () => {
    // "get" ends the name and "get a" starts the description: only a word inside one field counts.
    expect(namesMatching({ text: 'geta' })).toEqual([]);
  });

  it('keeps one namespace, or the tools without one', () => {
    expect(namesMatching({ namespace: { kind: 'named', namespace: 'repos' } })).toEqual(['repos.get', 'repos.create-fork']);
    expect(namesMatching({ namespace: { kind: 'none' } })).toEqual(['read_file']);
    expect(namesMatching({ namespace: { kind: 'named', namespace: 'gone' } })).toEqual([]);
  });

  it('keeps the tools that carry the chosen tag, whatever their namespace', () => {
    expect(namesMatching({ tag: 'write' })).toEqual(['issues.create', 'repos.create-fork']);
    expect(namesMatching({ tag: 'write', namespace: { kind: 'named', namespace: 'repos' } })).toEqual(['repos.create-fork']);
    expect(namesMatching({ tag: 'gone' })).toEqual([]);
    expect(isToolFilterEmpty({ ...EMPTY_TOOL_FILTER, tag: 'write' })).toBe(false);
  });

  it('keeps the tools with the chosen strict verdict', () => {
    expect(namesMatching({ verdict: 'strict-as-written' })).toEqual(['issues.create', 'repos.create-fork', 'read_file']);
    expect(namesMatching({ verdict: 'strictified' })).toEqual(['issues.list-for-repo']);
    expect(namesMatching({ verdict: 'rejected' })).toEqual(['repos.get']);
    expect(namesMatching({ verdict: 'not-strict' })).toEqual(['repos.create-fork']);
  });

  it('combines text, namespace and verdict', () => {
    expect(namesMatching({ text: 'create', namespace: { kind: 'named', namespace: 'repos' } })).toEqual(['repos.create-fork']);
    expect(namesMatching({ text: 'repository', verdict: 'rejected' })).toEqual(['repos.get']);
    expect(namesMatching({ text: 'issue', namespace: { kind: 'named', namespace: 'issues' }, verdict: 'not-strict' })).toEqual([]);
  });

  it('filters 1,223 tools in a few milliseconds (generous bound: a loaded CI machine must not flake)', () => {
    const catalog = Array.from({ length: 1223 }, (_, position) =>
      createNamespacedTool(`tag${position % 40}`, `operation-${position}`, { description: `Operation number ${position} of the catalog, with a longer description.` }),
    );
    const catalogIndex = createToolFilterIndex(catalog);
    const started = performance.now();
    const matches = filterTools(catalogIndex, { ...EMPTY_TOOL_FILTER, text: 'operation 12' });
    expect(performance.now() - started).toBeLessThan(50);
    expect(matches.length).toBeGreaterThan(0);
  });
});

describe('hasStrictVerdict', () => {
  it('treats "not strict" independently of the schema verdicts', () => {
    const tool = createToolView({ strict: false });
    expect(hasStrictVerdict(tool, 'not-strict')).toBe(true);
    expect(hasStrictVerdict(tool, 'strict-as-written')).toBe(true);
    expect(hasStrictVerdict(tool, 'strictified')).toBe(false);
  });

  it('puts the tools the words name first: exact qualified name, then whole words, then parts of the name, then the description', () => {
    const catalog = [
      createNamespacedTool('orgs', 'create-issue-field', { description: 'Create a field that issues of an organization can have.' }),
      createNamespacedTool('projects', 'add-item', { description: 'Create a project card for issues.' }),
      createNamespacedTool('issues', 'create-comment', { description: 'Create an issue comment.' }),
      createNamespacedTool('issues', 'create', { description: 'Create an issue.' }),
      createNamespacedTool('reissues', 'creates', { description: 'Issues creates.' }),
    ];
    const ranked = (text: string) => filterTools(createToolFilterIndex(catalog), { ...EMPTY_TOOL_FILTER, text }).map((tool) => tool.qualifiedName);
    expect(ranked('issues create')).toEqual(['issues.create', 'issues.create-comment', 'reissues.creates', 'orgs.create-issue-field', 'projects.add-item']);
    expect(ranked('issues.create')).toEqual(['issues.create', 'issues.create-comment', 'reissues.creates']);
    expect(ranked('create issues')).toEqual(['issues.create', 'issues.create-comment', 'reissues.creates', 'orgs.create-issue-field', 'projects.add-item']);
    // Without text the module's order stays.
    expect(filterTools(createToolFilterIndex(catalog), { ...EMPTY_TOOL_FILTER, namespace: { kind: 'named', namespace: 'issues' } }).map((tool) => tool.name)).toEqual(['create-comment', 'create']);
  });
});
