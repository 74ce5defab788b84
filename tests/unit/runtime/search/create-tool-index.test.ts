import { describe, expect, it } from 'vitest';
import { createToolIndex } from '@/lib/runtime';
import type { IndexableTool } from '@/lib/runtime/search/create-tool-index';

const catalog: IndexableTool[] = [
  { name: 'lookup_account', namespace: 'crm', namespaceDescription: 'Customer accounts.', description: 'Look up a customer account by id.' },
  { name: 'list_invoices', namespace: 'billing', namespaceDescription: 'Invoices and payments.', description: 'List the invoices of an account with amounts.' },
  { name: 'issue_refund', namespace: 'billing', namespaceDescription: 'Invoices and payments.', description: 'Refund a payment.' },
  { name: 'getUserProfile', namespace: 'identity', description: 'Read the profile of a signed-in person.' },
  { name: 'fetch_order_status', namespace: 'shop', description: 'Where a parcel is now.' },
  { name: 'get_forecast', namespace: 'weather', description: 'Daily forecast for a city.' },
  { name: 'search_tickets', namespace: 'tickets', description: 'Search support requests by text.' },
];

const names = (query: string, tools: readonly IndexableTool[] = catalog) => createToolIndex(tools).search(query).map((match) => match.qualifiedName);

describe('createToolIndex', () => {
  it('matches plurals both ways: "invoice" finds list_invoices, "refunds" finds issue_refund', () => {
    expect(names('invoice')[0]).toBe('billing.list_invoices');
    expect(names('invoices')[0]).toBe('billing.list_invoices');
    expect(names('invoicing')[0]).toBe('billing.list_invoices');
    expect(names('refunds')[0]).toBe('billing.issue_refund');
  });

  it('finds camelCase and snake_case names by their words', () => {
    expect(names('user profile')[0]).toBe('identity.getUserProfile');
    expect(names('order status')[0]).toBe('shop.fetch_order_status');
  });

  it('ranks the tools of a namespace the query names above the others', () => {
    const billing = names('billing');
    expect(billing.slice(0, 2).sort()).toEqual(['billing.issue_refund', 'billing.list_invoices']);
    expect(billing.slice(2)).toEqual([]);
    expect(names('tickets')[0]).toBe('tickets.search_tickets');
  });

  it('weighs a name match above a namespace match above a description match', () => {
    const tools: IndexableTool[] = [
      { name: 'summarize', description: 'Summarize a ledger.' },
      { name: 'summarize', namespace: 'ledger', description: 'Summarize.' },
      { name: 'ledger_totals', description: 'Totals.' },
    ];
    expect(names('ledger', tools)).toEqual(['ledger_totals', 'ledger.summarize', 'summarize']);
  });

  it('matches a prefix and a one-letter typo', () => {
    expect(names('invo')[0]).toBe('billing.list_invoices');
    expect(names('forcast')[0]).toBe('weather.get_forecast');
    expect(names('quantum chromodynamics')).toEqual([]);
  });

  it('orders equal scores by qualified name, whatever the catalog order', () => {
    const twins: IndexableTool[] = ['zeta', 'alpha', 'mid'].map((namespace) => ({ name: 'send_report', namespace, description: 'Send a report.' }));
    expect(names('report', twins)).toEqual(['alpha.send_report', 'mid.send_report', 'zeta.send_report']);
    expect(names('report', [...twins].reverse())).toEqual(['alpha.send_report', 'mid.send_report', 'zeta.send_report']);
    expect(names('account invoices', [...catalog].reverse())).toEqual(names('account invoices'));
  });

  it('reports coverage: per query term the best field it matched, half for an approximate match', () => {
    const [match] = createToolIndex(catalog).search('invoice');
    expect(match).toMatchObject({ qualifiedName: 'billing.list_invoices', coverage: 3 });
    expect(createToolIndex(catalog).search('invo')[0]?.coverage).toBe(1.5);
    expect(createToolIndex(catalog).search('parcel')[0]).toMatchObject({ qualifiedName: 'shop.fetch_order_status', coverage: 1 });
  });

  it('bounds the work of a hostile query: one huge word, or a document of words', () => {
    const index = createToolIndex(catalog);
    expect(index.search('x'.repeat(100_000))).toEqual([]);
    const flood = Array.from({ length: 5000 }, (_, i) => `word${i}`).join(' ');
    expect(index.search(`${flood} invoice`)).toEqual([]);
    expect(index.search(`invoice ${flood}`)[0]?.qualifiedName).toBe('billing.list_invoices');
  });

  it('counts a term and its alternatives once, by the best of them', () => {
    const index = createToolIndex(catalog);
    const widened = index.search('remove invoice', { alternativesOf: (term) => (term === 'remov' ? ['refund'] : []) });
    expect(widened.map((match) => match.qualifiedName).slice(0, 2).sort()).toEqual(['billing.issue_refund', 'billing.list_invoices']);
    const twice = index.search('refund', { alternativesOf: () => ['refunds', 'refunding'] });
    expect(twice[0]).toMatchObject({ qualifiedName: 'billing.issue_refund', coverage: 3, score: index.search('refund')[0]?.score });
  });
});
