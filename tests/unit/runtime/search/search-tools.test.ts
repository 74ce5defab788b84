import { describe, expect, it } from 'vitest';
import { searchTools } from '@/lib/runtime';

const tools = [
  { qualifiedName: 'crm.lookup_account', name: 'lookup_account', namespace: 'crm', description: 'Look up a customer account.' },
  { qualifiedName: 'billing.list_invoices', name: 'list_invoices', namespace: 'billing', description: 'List invoices for an account.' },
  { qualifiedName: 'weather.forecast', name: 'forecast', namespace: 'weather', description: 'Weather forecast for a city.' },
];

describe('searchTools', () => {
  it('ranks name matches above description matches', () => {
    expect(searchTools('invoices of the account', tools)).toEqual(['billing.list_invoices', 'crm.lookup_account']);
  });

  it('finds by namespace and returns nothing for no match', () => {
    expect(searchTools('weather', tools)).toEqual(['weather.forecast']);
    expect(searchTools('quantum chromodynamics', tools)).toEqual([]);
  });

  it('finds list_invoices by the singular, which v1 missed', () => {
    expect(searchTools('invoice', tools)).toEqual(['billing.list_invoices']);
    expect(searchTools('invoice', tools, { version: 'v1' })).toEqual([]);
  });

  it('keeps v1 as it was, for replays of turns recorded with it', () => {
    expect(searchTools('invoices of the account', tools, { version: 'v1' })).toEqual(['billing.list_invoices', 'crm.lookup_account']);
    expect(searchTools('find tools', tools, { version: 'v1' })).toEqual([]);
  });

  it('breaks ties by qualified name (v1 kept catalog order)', () => {
    const twins = ['zeta', 'alpha'].map((namespace) => ({ qualifiedName: `${namespace}.send_report`, name: 'send_report', namespace, description: 'Send a report.' }));
    expect(searchTools('report', twins)).toEqual(['alpha.send_report', 'zeta.send_report']);
    expect(searchTools('report', twins, { version: 'v1' })).toEqual(['zeta.send_report', 'alpha.send_report']);
  });

  it('returns at most `limit` names', () => {
    expect(searchTools('account weather invoices', tools, { limit: 2 })).toHaveLength(2);
  });
});
