/**
 * The tool module of the Tool Search presets: 41 tools in six namespaces, most of them
 * deferred. Kept apart from the preset so the catalog can be read (and edited) as one piece.
 */
export const toolSearchCatalogSource = `import { z } from 'zod';
import { defineTool } from 'playground';
import type { JsonValue, ToolContext } from 'playground';

// 41 tools in six namespaces. Most set deferLoading: the model first sees only their names
// and descriptions; their parameter schemas stay behind tool_search until a search loads
// them. Calling a deferred tool before that is a model-visible "not loaded" error, not a
// crash. The context meter above the timeline shows the tool tokens this saves per request.
const crm = { namespace: 'crm', namespaceDescription: 'Customer accounts, contacts and deals.' };
const billing = { namespace: 'billing', namespaceDescription: 'Invoices, payments, refunds and subscriptions.' };
const calendar = { namespace: 'calendar', namespaceDescription: 'Team calendars, meetings and availability.' };
const docs = { namespace: 'docs', namespaceDescription: 'Internal documentation and runbooks.' };
const tickets = { namespace: 'tickets', namespaceDescription: 'Customer support tickets.' };
const weather = { namespace: 'weather', namespaceDescription: 'Weather conditions, forecasts and alerts.' };

const accountId = z.string().describe('Account id, e.g. "ACC-1042"');
const isoDate = z.string().describe('ISO date, e.g. "2026-03-14"');
const city = z.string().describe('City name, e.g. "Lisbon"');

// Every tool answers with canned data after a short, realistic latency.
async function reply(ctx: ToolContext, ms: number, data: JsonValue): Promise<JsonValue> {
  await ctx.sleep(ms);
  return data;
}

export default [
  // crm
  defineTool({
    name: 'lookup_account', ...crm, isReadOnly: true, deferLoading: true,
    description: 'Look up a customer account by id: company, plan, owner and status.',
    schema: z.object({ accountId }),
    describeActivity: (args) => \`Account \${args.accountId}\`,
    execute: (args, ctx) => reply(ctx, 30, { accountId: args.accountId, company: 'Northwind Traders', plan: 'Business', owner: 'Dana Reyes', status: 'active', since: '2023-04-01' }),
  }),
  defineTool({
    name: 'search_accounts', ...crm, isReadOnly: true, deferLoading: true,
    description: 'Search customer accounts by company name or domain.',
    schema: z.object({ query: z.string(), limit: z.number().int().min(1).max(20) }),
    execute: (args, ctx) => reply(ctx, 35, [{ accountId: 'ACC-1042', company: 'Northwind Traders' }, { accountId: 'ACC-2210', company: 'Northwind Logistics' }].slice(0, args.limit)),
  }),
  defineTool({
    name: 'list_contacts', ...crm, isReadOnly: true, deferLoading: true,
    description: 'List the contacts of an account with their roles and emails.',
    schema: z.object({ accountId }),
    execute: (_args, ctx) => reply(ctx, 25, [{ contact: 'Ana Silva', role: 'CFO', email: 'ana@northwind.example' }, { contact: 'Ben Ortiz', role: 'IT lead', email: 'ben@northwind.example' }]),
  }),
  defineTool({
    name: 'create_contact', ...crm, deferLoading: true,
    description: 'Add a contact to an account.',
    schema: z.object({ accountId, fullName: z.string(), email: z.string().email(), role: z.string().optional() }),
    execute: (args, ctx) => reply(ctx, 30, \`Added \${args.fullName} to \${args.accountId}.\`),
  }),
  defineTool({
    name: 'update_account_owner', ...crm, deferLoading: true,
    description: 'Reassign the account owner (the sales rep responsible for the account).',
    schema: z.object({ accountId, ownerEmail: z.string().email() }),
    execute: (args, ctx) => reply(ctx, 30, \`\${args.accountId} is now owned by \${args.ownerEmail}.\`),
  }),
  defineTool({
    name: 'list_deals', ...crm, isReadOnly: true, deferLoading: true,
    description: 'List open sales deals of an account with stage and amount.',
    schema: z.object({ accountId, stage: z.enum(['prospect', 'proposal', 'negotiation', 'won', 'lost']).optional() }),
    execute: (_args, ctx) => reply(ctx, 30, [{ deal: 'Fleet expansion', stage: 'proposal', amountEur: 48000 }]),
  }),
  defineTool({
    name: 'log_activity', ...crm, deferLoading: true,
    description: 'Log a call, meeting or email on an account timeline.',
    schema: z.object({ accountId, kind: z.enum(['call', 'meeting', 'email']), note: z.string() }),
    execute: (args, ctx) => reply(ctx, 20, \`Logged \${args.kind} on \${args.accountId}.\`),
  }),
  // billing
  defineTool({
    name: 'list_invoices', ...billing, isReadOnly: true, deferLoading: true,
    description: 'List the invoices of an account, newest first, with amount, due date and status.',
    schema: z.object({ accountId, status: z.enum(['open', 'paid', 'overdue']).optional() }),
    describeActivity: (args) => \`Invoices of \${args.accountId}\`,
    execute: (_args, ctx) => reply(ctx, 40, [
      { invoice: 'INV-3391', amountEur: 1290, due: '2026-02-28', status: 'overdue' },
      { invoice: 'INV-3302', amountEur: 1290, due: '2026-01-31', status: 'paid' },
      { invoice: 'INV-3217', amountEur: 1290, due: '2025-12-31', status: 'paid' },
    ]),
  }),
  defineTool({
    name: 'get_invoice', ...billing, isReadOnly: true, deferLoading: true,
    description: 'Get one invoice with its line items.',
    schema: z.object({ invoiceId: z.string().describe('e.g. "INV-3391"') }),
    execute: (args, ctx) => reply(ctx, 25, { invoice: args.invoiceId, lines: [{ item: 'Business plan, 25 seats', amountEur: 1290 }] }),
  }),
  defineTool({
    name: 'list_payments', ...billing, isReadOnly: true, deferLoading: true,
    description: 'List payments received from an account.',
    schema: z.object({ accountId, since: isoDate.optional() }),
    execute: (_args, ctx) => reply(ctx, 30, [{ payment: 'PAY-881', amountEur: 1290, on: '2026-01-29' }]),
  }),
  defineTool({
    name: 'issue_refund', ...billing, isDestructive: true, deferLoading: true,
    description: 'Refund a payment, fully or partly. Money leaves the company.',
    schema: z.object({ paymentId: z.string(), amountEur: z.number().positive(), reason: z.string() }),
    execute: (args, ctx) => reply(ctx, 40, \`Refunded \${args.amountEur} EUR of \${args.paymentId}.\`),
  }),
  defineTool({
    name: 'get_subscription', ...billing, isReadOnly: true, deferLoading: true,
    description: 'Get the subscription of an account: plan, seats, renewal date.',
    schema: z.object({ accountId }),
    execute: (_args, ctx) => reply(ctx, 25, { plan: 'Business', seats: 25, renews: '2026-04-01' }),
  }),
  defineTool({
    name: 'change_plan', ...billing, deferLoading: true,
    description: 'Move an account to another subscription plan.',
    schema: z.object({ accountId, plan: z.enum(['Starter', 'Business', 'Enterprise']) }),
    execute: (args, ctx) => reply(ctx, 35, \`\${args.accountId} moves to \${args.plan} at the next renewal.\`),
  }),
  defineTool({
    name: 'send_payment_reminder', ...billing, deferLoading: true,
    description: 'Email the billing contact a reminder about an unpaid invoice.',
    schema: z.object({ invoiceId: z.string() }),
    execute: (args, ctx) => reply(ctx, 30, \`Reminder sent for \${args.invoiceId}.\`),
  }),
  // calendar
  defineTool({
    name: 'list_events', ...calendar, isReadOnly: true,
    description: 'List calendar events on a day.',
    schema: z.object({ date: isoDate }),
    execute: (_args, ctx) => reply(ctx, 20, [{ at: '10:00', title: 'Standup' }, { at: '15:00', title: 'Northwind QBR' }]),
  }),
  defineTool({
    name: 'create_event', ...calendar, deferLoading: true,
    description: 'Create a calendar event and invite attendees.',
    schema: z.object({ title: z.string(), start: z.string().describe('ISO date-time'), minutes: z.number().int().min(5).max(480), attendees: z.array(z.string().email()) }),
    execute: (args, ctx) => reply(ctx, 30, \`Created "\${args.title}" with \${args.attendees.length} attendees.\`),
  }),
  defineTool({
    name: 'find_free_slots', ...calendar, isReadOnly: true, deferLoading: true,
    description: 'Find times when all given people are free.',
    schema: z.object({ people: z.array(z.string().email()).min(1), date: isoDate, minutes: z.number().int().min(15).max(240) }),
    execute: (_args, ctx) => reply(ctx, 35, ['09:00', '11:30', '16:00']),
  }),
  defineTool({
    name: 'cancel_event', ...calendar, isDestructive: true, deferLoading: true,
    description: 'Cancel a calendar event and notify its attendees.',
    schema: z.object({ eventId: z.string() }),
    execute: (args, ctx) => reply(ctx, 25, \`Cancelled \${args.eventId}.\`),
  }),
  defineTool({
    name: 'reschedule_event', ...calendar, deferLoading: true,
    description: 'Move a calendar event to a new start time.',
    schema: z.object({ eventId: z.string(), start: z.string().describe('ISO date-time') }),
    execute: (args, ctx) => reply(ctx, 25, \`Moved \${args.eventId} to \${args.start}.\`),
  }),
  defineTool({
    name: 'get_out_of_office', ...calendar, isReadOnly: true, deferLoading: true,
    description: 'Whether a person is out of office on a date, and until when.',
    schema: z.object({ email: z.string().email(), date: isoDate }),
    execute: (_args, ctx) => reply(ctx, 20, { outOfOffice: false }),
  }),
  defineTool({
    name: 'list_rooms', ...calendar, isReadOnly: true, deferLoading: true,
    description: 'List meeting rooms with capacity and equipment.',
    schema: z.object({ minCapacity: z.number().int().min(1).max(100) }),
    execute: (_args, ctx) => reply(ctx, 20, [{ room: 'Atlas', capacity: 8, screen: true }]),
  }),
  // docs
  defineTool({
    name: 'search_docs', ...docs, isReadOnly: true,
    description: 'Full-text search over the internal documentation.',
    schema: z.object({ query: z.string(), limit: z.number().int().min(1).max(10) }),
    execute: (args, ctx) => reply(ctx, 30, [{ page: 'billing/dunning.md', snippet: \`... \${args.query} ...\` }]),
  }),
  defineTool({
    name: 'get_page', ...docs, isReadOnly: true, deferLoading: true,
    description: 'Read one documentation page by its path.',
    schema: z.object({ path: z.string().describe('e.g. "billing/dunning.md"') }),
    execute: (args, ctx) => reply(ctx, 25, \`# \${args.path}\\nInvoices 14 days overdue get a reminder; 30 days, a call.\`),
  }),
  defineTool({
    name: 'list_runbooks', ...docs, isReadOnly: true, deferLoading: true,
    description: 'List operational runbooks for a team.',
    schema: z.object({ team: z.enum(['billing', 'support', 'infra']) }),
    execute: (args, ctx) => reply(ctx, 20, [\`\${args.team}/escalation.md\`, \`\${args.team}/on-call.md\`]),
  }),
  defineTool({
    name: 'update_page', ...docs, deferLoading: true,
    description: 'Replace the text of a documentation page.',
    schema: z.object({ path: z.string(), markdown: z.string() }),
    execute: (args, ctx) => reply(ctx, 30, \`Updated \${args.path}.\`),
  }),
  defineTool({
    name: 'get_glossary_term', ...docs, isReadOnly: true, deferLoading: true,
    description: 'Define an internal term or acronym from the glossary.',
    schema: z.object({ term: z.string() }),
    execute: (args, ctx) => reply(ctx, 20, \`\${args.term}: see the glossary.\`),
  }),
  defineTool({
    name: 'list_recent_changes', ...docs, isReadOnly: true, deferLoading: true,
    description: 'Documentation pages changed recently, with authors.',
    schema: z.object({ days: z.number().int().min(1).max(90) }),
    execute: (_args, ctx) => reply(ctx, 25, [{ page: 'support/sla.md', by: 'Ben Ortiz' }]),
  }),
  defineTool({
    name: 'ask_expert', ...docs, deferLoading: true,
    description: 'Route a documentation question to the owning team.',
    schema: z.object({ question: z.string(), team: z.enum(['billing', 'support', 'infra']) }),
    execute: (args, ctx) => reply(ctx, 30, \`Sent to \${args.team}.\`),
  }),
  // tickets
  defineTool({
    name: 'get_ticket', ...tickets, isReadOnly: true,
    description: 'Fetch a support ticket by number.',
    schema: z.object({ ticket: z.number().int().min(1) }),
    execute: (args, ctx) => reply(ctx, 25, { ticket: args.ticket, title: 'Invoice PDF missing', state: 'open' }),
  }),
  defineTool({
    name: 'search_tickets', ...tickets, isReadOnly: true, deferLoading: true,
    description: 'Search support tickets by text, account or state.',
    schema: z.object({ query: z.string(), state: z.enum(['open', 'pending', 'closed']).optional() }),
    execute: (_args, ctx) => reply(ctx, 35, [{ ticket: 4521, title: 'Invoice PDF missing', state: 'open' }]),
  }),
  defineTool({
    name: 'create_ticket', ...tickets, deferLoading: true,
    description: 'Open a new support ticket for an account.',
    schema: z.object({ accountId, title: z.string(), priority: z.enum(['low', 'normal', 'high', 'urgent']) }),
    execute: (args, ctx) => reply(ctx, 30, \`Opened ticket 4600: \${args.title}.\`),
  }),
  defineTool({
    name: 'add_comment', ...tickets, deferLoading: true,
    description: 'Add a public or internal comment to a ticket.',
    schema: z.object({ ticket: z.number().int().min(1), comment: z.string(), internal: z.boolean() }),
    execute: (args, ctx) => reply(ctx, 25, \`Commented on #\${args.ticket}.\`),
  }),
  defineTool({
    name: 'assign_ticket', ...tickets, deferLoading: true,
    description: 'Assign a ticket to an agent or a queue.',
    schema: z.object({ ticket: z.number().int().min(1), assignee: z.string() }),
    execute: (args, ctx) => reply(ctx, 20, \`#\${args.ticket} assigned to \${args.assignee}.\`),
  }),
  defineTool({
    name: 'close_ticket', ...tickets, deferLoading: true,
    description: 'Close a ticket with a resolution note.',
    schema: z.object({ ticket: z.number().int().min(1), resolution: z.string() }),
    execute: (args, ctx) => reply(ctx, 20, \`Closed #\${args.ticket}.\`),
  }),
  defineTool({
    name: 'get_sla_status', ...tickets, isReadOnly: true, deferLoading: true,
    description: 'Time left before a ticket breaches its service-level agreement.',
    schema: z.object({ ticket: z.number().int().min(1) }),
    execute: (_args, ctx) => reply(ctx, 20, { breachInHours: 6 }),
  }),
  // weather
  defineTool({
    name: 'current_conditions', ...weather, isReadOnly: true,
    description: 'Current weather in a city: temperature, wind and sky.',
    schema: z.object({ city }),
    execute: (args, ctx) => reply(ctx, 20, { city: args.city, celsius: 17, windKmh: 12, sky: 'partly cloudy' }),
  }),
  defineTool({
    name: 'get_forecast', ...weather, isReadOnly: true, deferLoading: true,
    description: 'Daily weather forecast for a city, up to ten days ahead.',
    schema: z.object({ city, days: z.number().int().min(1).max(10) }),
    execute: (args, ctx) => reply(ctx, 35, Array.from({ length: args.days }, (_, day) => ({ day: day + 1, highC: 18 + (day % 3), rainPct: 10 * (day % 4) }))),
  }),
  defineTool({
    name: 'get_alerts', ...weather, isReadOnly: true, deferLoading: true,
    description: 'Active severe-weather alerts for a region.',
    schema: z.object({ region: z.string() }),
    execute: (_args, ctx) => reply(ctx, 25, []),
  }),
  defineTool({
    name: 'get_air_quality', ...weather, isReadOnly: true, deferLoading: true,
    description: 'Air quality index and main pollutant in a city.',
    schema: z.object({ city }),
    execute: (_args, ctx) => reply(ctx, 20, { aqi: 31, pollutant: 'PM2.5' }),
  }),
  defineTool({
    name: 'get_historical', ...weather, isReadOnly: true, deferLoading: true,
    description: 'Observed weather in a city on a past date.',
    schema: z.object({ city, date: isoDate }),
    execute: (_args, ctx) => reply(ctx, 30, { highC: 15, lowC: 9, rainMm: 2.5 }),
  }),
  defineTool({
    name: 'get_sunrise_sunset', ...weather, isReadOnly: true, deferLoading: true,
    description: 'Sunrise and sunset times in a city on a date.',
    schema: z.object({ city, date: isoDate }),
    execute: (_args, ctx) => reply(ctx, 20, { sunrise: '07:02', sunset: '18:41' }),
  }),
];
`;
