import { type JsonSchema, err, ok, type Result, checkJsonSchema } from '@/lib/runtime';
import { rewriteSchema } from './rewrite-schema';

const DRAFT_07 = 'http://json-schema.org/draft-07/schema#';

/**
 * A parameter schema from an MCP server or an OpenAI tools array, made one the runtime compiles
 * (see `rewriteSchema`): draft-04 and draft-06 documents are read as draft-07 (their boolean
 * bounds rewritten), 2019-09 ones as 2020-12, a `$schema` Ajv does not know is dropped. It then
 * has to compile; if it still does not, the reason is Ajv's. Notes are led by `pointer`.
 */
export function normalizeToolSchema(schema: JsonSchema, pointer: string): Result<{ schema: JsonSchema; notes: string[] }, string> {
  const notes: string[] = [];
  const declared = typeof schema.$schema === 'string' ? schema.$schema : undefined;
  const dialect = declared === undefined ? undefined : readDialect(declared);
  if (declared !== undefined && dialect?.note) notes.push(`${pointer}/$schema: ${dialect.note}`);
  const rewritten = rewriteSchema(schema, pointer, { dialect: dialect?.dialect ?? '2020-12', notes, isOpenApi: false });
  if (!rewritten.ok) return rewritten;
  const normalized = rewritten.value as JsonSchema;
  if (dialect && dialect.schema !== declared) {
    if (dialect.schema === undefined) delete normalized.$schema;
    else normalized.$schema = dialect.schema;
  }
  const checked = checkInThisRealm(normalized);
  if (!checked.ok) return err(`${pointer}: ${checked.error}`);
  return ok({ schema: normalized, notes });
}

/**
 * Ajv's verdict where Ajv can run. The page's Content Security Policy forbids the code generation
 * Ajv needs (`new Function`), so in the browser the schema is not judged here: the server's
 * compile judges it, and a tool whose schema does not compile becomes a diagnostic at its
 * `defineTool` while the others still compile.
 */
function checkInThisRealm(schema: JsonSchema): Result<null, string> {
  try {
    return checkJsonSchema(schema);
  } catch (error) {
    if (error instanceof EvalError) return ok(null);
    throw error;
  }
}

type Dialect = { dialect: '2020-12' | 'draft-07'; schema?: string; note?: string };

function readDialect(declared: string): Dialect {
  if (/draft-07/.test(declared)) return { dialect: 'draft-07', schema: declared };
  if (/draft\/2020-12/.test(declared)) return { dialect: '2020-12', schema: declared };
  if (/draft-0[46]/.test(declared)) return { dialect: 'draft-07', schema: DRAFT_07, note: `${JSON.stringify(declared)} read as draft-07, which the runtime validates with.` };
  if (/draft\/2019-09/.test(declared)) return { dialect: '2020-12', note: `${JSON.stringify(declared)} read as 2020-12, which the runtime validates with; dropped.` };
  return { dialect: '2020-12', note: `${JSON.stringify(declared)} is not a dialect the runtime knows; dropped, so the schema is read as 2020-12.` };
}
