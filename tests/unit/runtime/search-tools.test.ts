import { describe, expect, it } from 'vitest';
import { searchTools } from '@/lib/runtime/search-tools';

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
});
