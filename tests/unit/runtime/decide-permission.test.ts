import { describe, expect, it } from 'vitest';
import { decidePermission, type PermissionSettings, type Risk } from '@/lib/runtime';

const subject = (risk: Risk, needsApproval: boolean | 'dynamic' = false) => ({ qualifiedName: 'fs.write', risk, needsApproval });
const verdict = (risk: Risk, settings: PermissionSettings, needsApproval: boolean | 'dynamic' = false) => decidePermission(subject(risk, needsApproval), settings).decision;

describe('decidePermission', () => {
  it.each([
    ['auto', 'read', 'allow'], ['auto', 'write', 'allow'], ['auto', 'destructive', 'ask'],
    ['review', 'read', 'allow'], ['review', 'write', 'ask'], ['review', 'destructive', 'ask'],
    ['read-only', 'read', 'allow'], ['read-only', 'write', 'deny'], ['read-only', 'destructive', 'deny'],
    ['deny-all', 'read', 'deny'], ['deny-all', 'write', 'deny'],
  ] as const)('mode %s, %s tool → %s', (mode, risk, expected) => {
    expect(verdict(risk, { mode })).toBe(expected);
  });

  it('lets deny rules win over allow rules and modes', () => {
    expect(decidePermission(subject('read'), { mode: 'auto', allow: ['fs.*'], deny: ['fs.write'] })).toEqual({ decision: 'deny', reason: 'Denied by rule "fs.write".' });
  });

  it('lets allow rules skip the ask of review mode, but not read-only', () => {
    expect(verdict('write', { mode: 'review', allow: ['fs.*'] })).toBe('allow');
    expect(verdict('write', { mode: 'read-only', allow: ['fs.*'] })).toBe('deny');
  });

  it('asks when the tool itself needs approval, even for reads in auto mode', () => {
    expect(verdict('read', { mode: 'auto' }, true)).toBe('ask');
    expect(decidePermission(subject('read', 'dynamic'), { mode: 'auto' }).reason).toMatch(/decides from its arguments/);
  });
});
