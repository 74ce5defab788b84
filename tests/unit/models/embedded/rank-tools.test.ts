import { describe, expect, it } from 'vitest';
import { rankTools, RELEVANCE_THRESHOLD, selectRelevantTools, splitIntoClauses } from '@/lib/models/embedded/rank-tools';
import { searchTools } from '@/lib/runtime';

const tools = [
  { name: 'read_file', description: 'Read a text file.' },
  { name: 'deleteFile', description: 'Delete a file permanently.' },
  { name: 'search_issues', namespace: 'github', description: 'Find issues by keyword.' },
];

const catalog = [
  { name: 'lookup_account', namespace: 'crm', description: 'Look up a customer account by id.' },
  { name: 'list_invoices', namespace: 'billing', description: 'List the invoices of an account, newest first.' },
  { name: 'get_invoice', namespace: 'billing', description: 'One invoice with its line items.' },
  { name: 'getUserProfile', namespace: 'identity', description: 'The profile of a signed-in person.' },
  { name: 'search_tickets', namespace: 'tickets', description: 'Search support tickets by text.' },
];

const qualified = (tool: { name: string; namespace?: string }) => (tool.namespace ? `${tool.namespace}.${tool.name}` : tool.name);

describe('rankTools', () => {
  it('ranks with the runtime Tool Search index: the same order for a request without synonyms', () => {
    const searchable = catalog.map((tool) => ({ ...tool, qualifiedName: qualified(tool) }));
    for (const query of ['invoice', 'account invoices', 'user profile', 'support tickets', 'billing']) {
      const ranked = rankTools(query, catalog).map((entry) => qualified(entry.tool));
      expect(ranked.slice(0, 5), query).toEqual(searchTools(query, searchable));
    }
  });

  it('widens the request by synonyms, counting a word and its synonyms once', () => {
    expect(rankTools('remove old files', tools)[0]).toMatchObject({ tool: { name: 'deleteFile' }, coverage: 6 });
    expect(rankTools('look up github issues about caching', tools)[0]?.tool.name).toBe('search_issues');
    expect(rankTools('show notes', tools)[0]?.tool.name).toBe('read_file');
  });

  it('picks one tool per named action, none below the threshold', () => {
    expect(RELEVANCE_THRESHOLD).toBe(2);
    expect(splitIntoClauses('read a.txt and then delete b.txt')).toEqual(['read a.txt', 'delete b.txt']);
    expect(selectRelevantTools('read a.txt and then delete b.txt', tools).map((entry) => entry.tool.name)).toEqual(['read_file', 'deleteFile']);
    expect(selectRelevantTools('tell me a joke', tools)).toEqual([]);
  });

  it('picks by plural, singular and camelCase words alike', () => {
    expect(selectRelevantTools('get invoice INV-7', catalog).map((entry) => qualified(entry.tool))).toEqual(['billing.get_invoice']);
    expect(selectRelevantTools('list the invoices of ACC-1', catalog).map((entry) => qualified(entry.tool))).toEqual(['billing.list_invoices']);
    expect(selectRelevantTools("open Ada's user profile", catalog).map((entry) => qualified(entry.tool))).toEqual(['identity.getUserProfile']);
  });
});
