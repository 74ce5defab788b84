import { z } from 'zod';
import {
  type JsonValue,
  type Result,
  type Tool,
  type ToolContext,
  type ToolFailure,
  type ToolReturn,
  type ValidationIssue,
  validationFailure,
  type UnrepresentablePatterns,
  createJsonSchemaValidator,
  type JsonSchemaValidator,
  formatZodIssues,
} from '@/lib/runtime';
import type { EvaluatedTool } from './evaluate-tool-module';
import { sandboxZodIssues } from '../quickjs/sandbox-envelope';
import type { SandboxApiMethod } from '../quickjs/sandbox-prelude';

/** What a sandboxed tool needs from its turn: synchronous hook calls and asynchronous executions. */
export type ToolEngine = {
  callHook(method: SandboxApiMethod, args: (string | number)[]): Result<unknown, ToolFailure>;
  execute(options: {
    index: number;
    args: JsonValue;
    context: ToolContext;
    outputValidator?: JsonSchemaValidator;
  }): Promise<Result<ToolReturn, ToolFailure>>;
};

const validationAnswer = z.discriminatedUnion('valid', [
  z.object({ valid: z.literal(true), data: z.json() }),
  z.object({ valid: z.literal(false), issues: sandboxZodIssues }),
]);
const outputAnswer = z.object({ issues: sandboxZodIssues });

/**
 * Runs in a sandbox worker, whose watchdog ends a pattern that backtracks without end, so a
 * pattern RE2 cannot represent may fall back to JavaScript's engine here.
 */
export const SANDBOX_PATTERNS = 'backtrack' satisfies UnrepresentablePatterns;

/** The `Tool` contract for one evaluated tool; every behaviour runs in the turn's QuickJS context. */
export function createSandboxTool(evaluated: EvaluatedTool, engine: ToolEngine): Tool {
  const { index, spec, activityHooks } = evaluated;
  const { line: _line, ...fields } = spec;
  // Compiled on first use: a module of a thousand tools must not compile a thousand validators per turn.
  const parameterSchema = spec.schemaSource === 'json-schema' ? spec.parameters : undefined;
  const { outputJsonSchema } = evaluated;
  const parametersValidator = lazily(() => (parameterSchema ? createJsonSchemaValidator(parameterSchema, { patterns: SANDBOX_PATTERNS }) : undefined));
  const outputValidator = lazily(() => (outputJsonSchema ? createJsonSchemaValidator(outputJsonSchema, { patterns: SANDBOX_PATTERNS }) : undefined));

  const hookText = (method: SandboxApiMethod, ...values: unknown[]): string | undefined => {
    const answer = engine.callHook(method, [index, ...values.map(toJsonText)]);
    return answer.ok && typeof answer.value === 'string' ? answer.value : undefined;
  };

  return {
    ...fields,
    async validateArguments(args): Promise<Result<JsonValue, ValidationIssue[]>> {
      const validator = parametersValidator();
      if (validator) {
        if (!validator.ok) return { ok: false, error: [validationFailure(validator.error)] };
        const issues = validator.value(args);
        return issues.length > 0 ? { ok: false, error: issues } : { ok: true, value: JSON.parse(toJsonText(args)) as JsonValue };
      }
      const answer = engine.callHook('validateArguments', [index, toJsonText(args)]);
      if (!answer.ok) return { ok: false, error: [validationFailure(`Validation could not run: ${answer.error.message}`)] };
      if (!validationAnswer.safeParse(answer.value).success) return { ok: false, error: [validationFailure('Validation returned an unexpected answer.')] };
      // The checked JSON.parse result, not Zod's rebuilt copy: a "__proto__" key stays an own property.
      const checked = answer.value as z.infer<typeof validationAnswer>;
      return checked.valid ? { ok: true, value: checked.data } : { ok: false, error: formatZodIssues(checked.issues, args) };
    },
    async evaluateNeedsApproval(args) {
      if (spec.needsApproval !== 'dynamic') return spec.needsApproval;
      const answer = engine.callHook('evaluateNeedsApproval', [index, toJsonText(args)]);
      // A needsApproval function that fails asks the human rather than letting the call through.
      return answer.ok ? answer.value === true : true;
    },
    async describeActivity(args) {
      return activityHooks.describeActivity ? hookText('describeActivity', args) : undefined;
    },
    async describeCompletedActivity(args, output) {
      return activityHooks.describeCompletedActivity ? hookText('describeCompletedActivity', args, output) : undefined;
    },
    async validateOutput(value): Promise<ValidationIssue[]> {
      // The same validators `execute`'s output goes through: Ajv here for JSON Schema, Zod in the sandbox.
      const validator = outputValidator();
      if (validator) return validator.ok ? validator.value(value) : [validationFailure(validator.error)];
      if (!spec.hasOutputSchema) return [];
      const answer = engine.callHook('validateOutput', [index, toJsonText(value)]);
      if (!answer.ok) return [validationFailure(`Validation could not run: ${answer.error.message}`)];
      const parsed = outputAnswer.safeParse(answer.value);
      return parsed.success ? formatZodIssues(parsed.data.issues, value) : [validationFailure('Validation returned an unexpected answer.')];
    },
    execute(args, context) {
      const validator = outputValidator();
      if (validator && !validator.ok) {
        return Promise.resolve({ ok: false, error: { code: 'output-invalid', message: validator.error } });
      }
      return engine.execute({ index, args, context, outputValidator: validator?.value });
    },
  };
}

/** Arguments reach the sandbox as JSON text only; `undefined` travels as `null`. */
function toJsonText(value: unknown): string {
  return JSON.stringify(value ?? null) ?? 'null';
}

function lazily<Value>(create: () => Value): () => Value {
  let created: { value: Value } | undefined;
  return () => {
    created ??= { value: create() };
    return created.value;
  };
}
