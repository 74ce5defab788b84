import { readFileSync } from 'node:fs';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { PLAIN_TOOL_OPTIONS } from '@/lib/runtime';
import { PLAYGROUND_TYPES } from '@/lib/contract/playground-types';

/** The member names of the type or interface `name` declared anywhere in `source`. */
function membersOf(source: string, name: string): string[] {
  const file = ts.createSourceFile('types.ts', source, ts.ScriptTarget.Latest);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if ((ts.isInterfaceDeclaration(node) || ts.isTypeAliasDeclaration(node)) && node.name.text === name) {
      const members = ts.isInterfaceDeclaration(node) ? node.members : ts.isTypeLiteralNode(node.type) ? node.type.members : [];
      for (const member of members) if (member.name && ts.isIdentifier(member.name)) found.push(member.name.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found.sort();
}

describe("defineTool's options, host realm and sandbox", () => {
  // The two declarations differ where the realms do (the sandbox's ctx has files and sleep); their
  // option names may not, and the plain ones are what the sandbox reads out by name.
  const sandbox = membersOf(PLAYGROUND_TYPES, 'ToolOptionsBase');
  const host = membersOf(readFileSync(new URL('../../../lib/runtime/tools/define-tool.ts', import.meta.url), 'utf8'), 'ToolOptionsBase');

  it('declare the same options', () => {
    expect(sandbox.length).toBeGreaterThan(10);
    expect(sandbox).toEqual(host);
  });

  it('include every plain option the sandbox reports', () => {
    expect(sandbox).toEqual(expect.arrayContaining([...PLAIN_TOOL_OPTIONS]));
  });
});
