import { beforeAll, describe, expect, it } from 'vitest';
import { searchTools } from '@/lib/runtime';
import { compileToolModule } from '@/lib/sandbox/compile/compile-tool-module';
import { type CompiledModule, moduleEvaluationBudgetMs, SANDBOX_LIMITS, TURN_LIMITS } from '@/lib/contract';
import { prewarmSandboxPool } from '@/lib/sandbox/quickjs/context-pool';
import { GRAPH_OPERATION_COUNT, renderGraphCatalog } from '../../../scripts/generate-graph-catalog';
import { importOk, listToolNames, readCatalog } from './import-test-support';

/**
 * A catalog the size of Microsoft Graph's v1.0 API (2,700 operations, generated in its shape by
 * scripts/generate-graph-catalog.ts): it imports, compiles in the sandbox within the limits, and
 * Tool Search finds one named operation among all of them.
 */
describe('a Microsoft Graph-sized catalog (2,700 operations)', () => {
  const text = readCatalog('graph-like.openapi.json.gz');
  const imported = importOk(text);
  let compiled: CompiledModule;

  beforeAll(async () => {
    await prewarmSandboxPool();
    compiled = await compileToolModule(imported.source);
  }, 120_000);

  it('is the generator output, byte for byte', () => {
    expect(text).toBe(renderGraphCatalog());
  });

  it('imports every operation into a module inside the source limit', () => {
    expect(imported.tools).toHaveLength(GRAPH_OPERATION_COUNT);
    expect(imported.skipped).toEqual([]);
    expect(new Set(listToolNames(imported)).size).toBe(GRAPH_OPERATION_COUNT);
    expect(listToolNames(imported)).toContain('users_user.sendMail');
    expect(imported.source.length).toBeGreaterThan(3_500_000);
    expect(imported.source.length).toBeLessThan(TURN_LIMITS.sourceChars);
    expect(imported.tools.every((tool) => /^[a-zA-Z0-9_-]{1,64}$/.test(tool.name))).toBe(true);
  });

  it('compiles every tool in the sandbox, with no error, within the tool and evaluation limits', () => {
    expect(compiled.diagnostics.filter((diagnostic) => diagnostic.severity === 'error')).toEqual([]);
    expect(compiled.tools).toHaveLength(GRAPH_OPERATION_COUNT);
    expect(compiled.tools.length).toBeLessThan(SANDBOX_LIMITS.toolsPerModule);
    const sendMail = compiled.tools.find((tool) => tool.namespace === 'users_user' && tool.name === 'sendMail');
    expect(sendMail?.parameters).toMatchObject({ type: 'object', properties: { 'user-id': { type: 'string' }, body: { type: 'object' } }, required: expect.arrayContaining(['user-id', 'body']) });
  });

  it('lets Tool Search find a named operation among the 2,700', () => {
    const deferred = compiled.tools.map((tool) => ({ qualifiedName: tool.namespace ? `${tool.namespace}.${tool.name}` : tool.name, name: tool.name, namespace: tool.namespace, description: tool.description }));
    expect(searchTools('send mail', deferred)[0]).toBe('users_user.sendMail');
    expect(searchTools('archive a team', deferred)).toContain('teams_team.archive');
    expect(searchTools('list the messages of a mail folder', deferred)).toContain('users_message.users_mailFolders_ListMessages');
  });
});

describe('moduleEvaluationBudgetMs', () => {
  it('gives a module up to a million characters 4 s, and 2 s more per further million', () => {
    expect(moduleEvaluationBudgetMs(0)).toBe(4000);
    expect(moduleEvaluationBudgetMs(1_000_000)).toBe(4000);
    expect(moduleEvaluationBudgetMs(3_800_000)).toBe(9600);
    expect(moduleEvaluationBudgetMs(SANDBOX_LIMITS.moduleCharacters)).toBe(14_000);
  });
});
