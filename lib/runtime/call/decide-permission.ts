import { assertNever } from '../vocabulary/assert-never';
import type { PermissionMode, Risk } from '../vocabulary/modes';

/** Per-turn permission settings. Rules name tools by qualified name; `*` matches any suffix. */
export type PermissionSettings = {
  mode: PermissionMode;
  allow?: string[];
  deny?: string[];
};

export type PermissionDecision = { decision: 'allow' | 'ask' | 'deny'; reason: string };

/** What the gate knows about a call before it runs. */
export type PermissionSubject = {
  qualifiedName: string;
  risk: Risk;
  /** The tool's own `needsApproval` verdict for these arguments (or its static value in a preview). */
  needsApproval: boolean | 'dynamic';
};

function matchesRule(rule: string, name: string): boolean {
  return rule.endsWith('*') ? name.startsWith(rule.slice(0, -1)) : rule === name;
}

/**
 * The one policy function: the schema panel's "what the gate will do" and the executor's
 * enforcement both call it. Order: deny rules, then mode restrictions, then allow rules,
 * then the tool's own `needsApproval`, then the mode's default for the risk.
 */
export function decidePermission(subject: PermissionSubject, settings: PermissionSettings): PermissionDecision {
  const { qualifiedName: name, risk } = subject;
  const denyRule = settings.deny?.find((rule) => matchesRule(rule, name));
  if (denyRule) return { decision: 'deny', reason: `Denied by rule "${denyRule}".` };

  switch (settings.mode) {
    case 'deny-all':
      return { decision: 'deny', reason: 'Permission mode deny-all: no tool may run.' };
    case 'read-only':
      if (risk !== 'read') return { decision: 'deny', reason: `Permission mode read-only: ${name} is a ${risk} tool.` };
      break;
    case 'auto':
    case 'review':
      break;
    default:
      return assertNever(settings.mode);
  }

  const allowRule = settings.allow?.find((rule) => matchesRule(rule, name));
  if (allowRule) return { decision: 'allow', reason: `Allowed by rule "${allowRule}".` };

  if (subject.needsApproval === true) return { decision: 'ask', reason: `${name} asks for approval (needsApproval).` };
  if (subject.needsApproval === 'dynamic') {
    return { decision: 'ask', reason: `${name} decides from its arguments whether to ask (needsApproval function).` };
  }
  if (settings.mode === 'auto' && risk === 'destructive') {
    return { decision: 'ask', reason: `Permission mode auto: destructive tools ask first.` };
  }
  if (settings.mode === 'review' && risk !== 'read') {
    return { decision: 'ask', reason: `Permission mode review: every ${risk} tool asks first.` };
  }
  return { decision: 'allow', reason: risk === 'read' ? 'Read-only tool.' : `Permission mode ${settings.mode} allows ${risk} tools.` };
}
