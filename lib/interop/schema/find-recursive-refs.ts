import { type JsonSchema, resolveLocalRef } from '@/lib/runtime';
import { listSchemaNodes } from './walk-schema';

/** A `$ref` that leads back to a schema it sits in, or that cannot be followed. */
export type ReferenceProblem = { pointer: string; kind: 'recursive' | 'external' | 'dangling'; ref: string };

/** Every `$ref` that cannot be inlined: recursive ones, external ones and ones pointing nowhere. */
export function findReferenceProblems(schema: JsonSchema): ReferenceProblem[] {
  const problems: ReferenceProblem[] = [];
  for (const { node, pointer } of listSchemaNodes(schema)) {
    const ref = node.$ref;
    if (typeof ref !== 'string') continue;
    if (!ref.startsWith('#')) {
      problems.push({ pointer: `${pointer}/$ref`, kind: 'external', ref });
      continue;
    }
    const target = resolveLocalRef(schema, ref);
    if (!target) problems.push({ pointer: `${pointer}/$ref`, kind: 'dangling', ref });
    else if (pointer === target.pointer || pointer.startsWith(`${target.pointer}/`) || reaches(schema, target.pointer, target.pointer, new Set())) {
      problems.push({ pointer: `${pointer}/$ref`, kind: 'recursive', ref });
    }
  }
  return problems;
}

/** Whether the subschema at `from` references (transitively) a location inside `goal`. */
function reaches(schema: JsonSchema, from: string, goal: string, seen: Set<string>): boolean {
  if (seen.has(from)) return false;
  seen.add(from);
  const subtree = resolveLocalRef(schema, `#${from}`);
  if (!subtree) return false;
  for (const { node } of listSchemaNodes(subtree.value as JsonSchema)) {
    const ref = node.$ref;
    if (typeof ref !== 'string' || !ref.startsWith('#')) continue;
    const target = resolveLocalRef(schema, ref);
    if (!target) continue;
    if (target.pointer === goal || goal.startsWith(`${target.pointer}/`)) return true;
    if (reaches(schema, target.pointer, goal, seen)) return true;
  }
  return false;
}
