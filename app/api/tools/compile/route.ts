import { compileToolModule } from '@/lib/sandbox/compile-tool-module';
import { describeCompiledTools } from '@/lib/server/describe-compiled-tools';
import { jsonError, readJsonBody } from '@/lib/server/read-json-body';
import { compileRequestSchema } from '@/lib/server/turn-request';

export const runtime = 'nodejs';

export async function POST(request: Request): Promise<Response> {
  const body = await readJsonBody(request, compileRequestSchema);
  if (!body.ok) return jsonError(body.status, body.error);
  const compiled = await compileToolModule(body.value.source);
  return Response.json({ tools: describeCompiledTools(compiled.tools), diagnostics: compiled.diagnostics });
}
