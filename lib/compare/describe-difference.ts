import { type JsonValue, assertNever } from '@/lib/runtime';
import type { ContentDiff } from './diff/diff-content';
import type { JsonChange, JsonDiff } from './diff/diff-json';
import { formatJsonPath } from './diff/format-json-path';
import type { ApprovalOutcome, CallDifference, ResponseDifference, RunLabels, TurnEndDifference, TurnStartDifference } from './run-comparison';

/** A difference in words: the path of what differs (`arguments.city`) and a short clause. */
export type DescribedDifference = { field: string; text: string };

/** Characters of a value shown in a sentence; the value itself is in the comparison. */
const PREVIEW_CHARS = 60;

export function describeCallDifference(difference: CallDifference, labels: RunLabels): DescribedDifference {
  switch (difference.field) {
    case 'arguments':
    case 'output':
      return describeContent(difference.field, difference.field, difference.diff);
    case 'search':
    case 'details':
    case 'logs':
      return describeJson(difference.field, difference.field, difference.diff);
    case 'order':
      return { field: 'order', text: `is proposed at position ${difference.a + 1} in ${labels.a}, ${difference.b + 1} in ${labels.b}` };
    case 'repairs':
      return { field: 'repairs', text: `repairs differ: ${listOrNone(difference.a)} → ${listOrNone(difference.b)}` };
    case 'input-error':
      return { field: 'input-error', text: `input error differs: ${difference.a ?? 'none'} → ${difference.b ?? 'none'}` };
    case 'permission':
      return { field: 'permission', text: `permission differs: ${difference.a ?? 'none'} → ${difference.b ?? 'none'}` };
    case 'approval':
      return { field: 'approval', text: `approval differs: ${describeApproval(difference.a)} → ${describeApproval(difference.b)}` };
    case 'status':
      return { field: 'status', text: `status differs: ${difference.a ?? 'no output'} → ${difference.b ?? 'no output'}` };
    default:
      return assertNever(difference);
  }
}

export function describeResponseDifference(difference: ResponseDifference): DescribedDifference {
  switch (difference.field) {
    case 'offered-tools':
      return { field: 'response.offered-tools', text: `offered tools differ: ${describeSetChange(difference.added, difference.removed)}` };
    case 'kind':
      return { field: 'response.kind', text: `the request got ${RESPONSE_KINDS[difference.a]} → ${RESPONSE_KINDS[difference.b]}` };
    case 'error':
      return { field: 'response.error', text: `model error differs: ${preview(difference.a ?? 'none')} → ${preview(difference.b ?? 'none')}` };
    case 'text':
      return describeContent('response.text', 'response text', difference.diff);
    case 'searches':
      return describeJson('response.searches', 'provider searches', difference.diff);
    default:
      return assertNever(difference);
  }
}

const RESPONSE_KINDS = { model: 'a model response', direct: 'a direct call', error: 'a model error', unanswered: 'no answer' } as const;

export function describeTurnStartDifference(difference: TurnStartDifference): DescribedDifference {
  switch (difference.field) {
    case 'user-message':
      return describeContent('start.user-message', 'user message', difference.diff);
    case 'settings':
      return describeJson('start.settings', 'settings', difference.diff);
    case 'sandbox':
      return { field: 'start.sandbox', text: `sandbox differs: ${difference.a ?? 'ready'} → ${difference.b ?? 'ready'}` };
    case 'tools':
      return { field: 'start.tools', text: `tools differ: ${describeSetChange(difference.added, difference.removed)}` };
    default:
      return assertNever(difference);
  }
}

export function describeTurnEndDifference(difference: TurnEndDifference): DescribedDifference {
  switch (difference.field) {
    case 'reason':
      return { field: 'end.reason', text: `ended differently: ${difference.a ?? 'no end'} → ${difference.b ?? 'no end'}` };
    case 'final-text':
      return describeContent('end.final-text', 'final text', difference.diff);
    case 'error':
      return describeContent('end.error', 'error', difference.diff);
    case 'result':
      return describeJson('end.result', 'result', difference.diff);
    case 'files':
      return describeJson('end.files', 'files', difference.diff);
    case 'iterations':
      return { field: 'end.iterations', text: `iterations differ: ${difference.a} → ${difference.b}` };
    default:
      return assertNever(difference);
  }
}

function describeContent(field: string, subject: string, diff: ContentDiff): DescribedDifference {
  if (diff.kind === 'json') return describeJson(field, subject, diff);
  return { field, text: `${subject} ${verbFor(subject)} at character ${diff.offset + 1}: ${quoteExcerpt(diff.a.excerpt)} → ${quoteExcerpt(diff.b.excerpt)}` };
}

function describeJson(field: string, subject: string, diff: JsonDiff): DescribedDifference {
  const first = diff.changes[0];
  if (!first) return { field, text: `${subject} ${verbFor(subject)} in ${diff.truncated} places` };
  const path = formatJsonPath(first.path);
  const more = diff.changes.length - 1 + diff.truncated;
  return {
    field: first.path.length === 0 ? field : `${field}${path.startsWith('[') ? '' : '.'}${path}`,
    text: `${subject} ${verbFor(subject)} at ${path}: ${describeChange(first)}${more > 0 ? ` (and ${more} more)` : ''}`,
  };
}

/** Every subject named here that ends in `s` is a plural: arguments, settings, files, logs. */
function verbFor(subject: string): string {
  return subject.endsWith('s') ? 'differ' : 'differs';
}

/** A text excerpt as a literal: in backticks, line breaks and backticks escaped so it stays one line. */
function quoteExcerpt(excerpt: string): string {
  if (excerpt === '') return 'nothing';
  return `\`${excerpt.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/`/g, '\\`')}\``;
}

function describeChange(change: JsonChange): string {
  switch (change.kind) {
    case 'added':
      return `nothing → ${preview(change.b)}`;
    case 'removed':
      return `${preview(change.a)} → nothing`;
    case 'changed':
      return `${preview(change.a)} → ${preview(change.b)}`;
    default:
      return assertNever(change);
  }
}

function preview(value: JsonValue): string {
  const text = JSON.stringify(value);
  return text.length > PREVIEW_CHARS ? `${text.slice(0, PREVIEW_CHARS - 1)}…` : text;
}

function describeApproval(approval: ApprovalOutcome | undefined): string {
  if (!approval) return 'not asked';
  return `${approval.approved ? 'approved' : 'denied'} by ${approval.decidedBy}`;
}

function describeSetChange(added: readonly string[], removed: readonly string[]): string {
  return [...added.map((name) => `+${name}`), ...removed.map((name) => `−${name}`)].join(', ');
}

function listOrNone(items: readonly string[]): string {
  return items.length === 0 ? 'none' : items.join(', ');
}
