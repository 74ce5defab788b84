import { formatArguments, formatScript, type Preset } from './preset';
import { toolSearchCatalogSource } from './tool-search-catalog-source';

const account = { accountId: 'ACC-1042' };

const script = formatScript([
  {
    // Deferred and not loaded yet: the runtime answers "search first", and the turn goes on.
    text: 'Let me look up the account.',
    calls: [{ name: 'lookup_account', namespace: 'crm', arguments: formatArguments(account) }],
  },
  {
    text: 'That tool is deferred; I will search for what I need first.',
    calls: [{ name: 'tool_search', arguments: formatArguments({ query: 'lookup account and list invoices' }) }],
  },
  {
    // Both loaded by the search; read-only, so they run in one parallel batch.
    calls: [
      { name: 'lookup_account', namespace: 'crm', arguments: formatArguments(account) },
      { name: 'list_invoices', namespace: 'billing', arguments: formatArguments(account) },
    ],
  },
  {
    text: 'Northwind Traders (ACC-1042, Business plan, owner Dana Reyes) is not fully up to date: invoice INV-3391 for 1,290 EUR was due on 2026-02-28 and is overdue. The two invoices before it are paid.',
  },
]);

const summary =
  'A 41-tool catalog in six namespaces, most deferred behind tool search. The model calls a deferred tool too early (not loaded), searches, then calls the two loaded tools in parallel. The context meter shows the tool tokens sent against loading everything up front.';

/** Tool Search on a scripted model: not-loaded error, search, two namespaced calls, answer. */
export const toolSearchCatalogPreset: Preset = {
  id: 'tool-search-catalog',
  title: 'Tool search: 40+ tools in 6 namespaces',
  summary,
  source: toolSearchCatalogSource,
  script,
  model: { provider: 'scripted' },
  message: 'Is Northwind Traders (account ACC-1042) up to date on its invoices?',
  permissionMode: 'auto',
  mode: 'chat',
};

/** The same catalog on the seeded auto model, which searches on its own before calling. */
export const toolSearchAutoPreset: Preset = {
  id: 'tool-search-auto',
  title: 'Tool search with the auto model',
  summary:
    'The same 41-tool catalog on the seeded auto model: the tools the request needs are deferred, so it searches first, then calls what the search loaded.',
  source: toolSearchCatalogSource,
  model: { provider: 'auto', seed: 7 },
  message: 'Get the weather forecast for "Lisbon", then search support tickets about "invoice PDF".',
  permissionMode: 'auto',
  mode: 'chat',
  maxIterations: 5,
};
