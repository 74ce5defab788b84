import type { EmbeddedWire, ModelConfig, RequestModelConfig, TurnRequestBody } from '@/lib/contract';
import { type JsonValue, type PermissionMode, type Result, err, ok, compactModelSettings } from '@/lib/runtime';
import { findApiKey, type ApiKeyRing } from './api-key-ring';
import { buildMcpServers } from './mcp';
import { selectContinuation } from './conversation-state';
import type { ModelSettings, PlaygroundState, RequestModelSettings } from './playground-state';

/** The body of `POST /api/turns`, typed by the schema the route parses it with. */
export type TurnRequest = TurnRequestBody & {
  messages: { role: 'user'; content: string }[];
  model: ModelConfig;
  permissions: { mode: PermissionMode };
  files: Record<string, string>;
};

/** Which turn to build: the next one (from the composer), or a re-run of turn `branchAt` with an edited message. */
export type TurnTarget = { message?: string; branchAt?: number };

/**
 * Assembles the turn request from the playground, or says which input is unusable and why. A
 * turn after others carries what the previous one returned (conversation, files, loaded tools);
 * the files tab seeds only the first turn.
 */
export function buildTurnRequest(state: PlaygroundState, target: TurnTarget = {}): Result<TurnRequest, string> {
  const message = (target.message ?? state.message).trim();
  if (message === '') return err('Write a user message first.');
  const model = buildModelConfig(state.model, state.documents.script, state.apiKeys);
  if (!model.ok) return model;
  const continuation = selectContinuation(state.conversation, target.branchAt);
  if (!continuation.ok) return continuation;
  const files = continuation.value ? ok(continuation.value.files) : parseFiles(state.documents.files);
  if (!files.ok) return files;
  const mcpServers = buildMcpServers(state.mcpServers);
  if (!mcpServers.ok) return mcpServers;
  const instructions = state.instructions.trim();
  const request: TurnRequest = {
    source: state.documents.tools,
    messages: [{ role: 'user', content: message }],
    model: model.value,
    permissions: { mode: state.permissionMode },
    mode: state.mode,
    maxIterations: state.maxIterations,
    files: files.value,
    seed: state.model.seed,
    ...(state.answerByHand.length > 0 ? { answerByHand: state.answerByHand } : {}),
    ...(instructions ? { instructions } : {}),
    ...(mcpServers.value.length > 0 ? { mcpServers: mcpServers.value } : {}),
    ...withModelSettings(state),
    ...(continuation.value
      ? { conversation: continuation.value.conversation, ...(continuation.value.loadedTools.length > 0 ? { loadedTools: continuation.value.loadedTools } : {}) }
      : {}),
  };
  if (state.mode !== 'task') return ok(request);
  const resultSchema = parseJsonObject(state.documents['result-schema'], 'result-schema.json');
  if (!resultSchema.ok) return resultSchema;
  return ok({ ...request, resultSchema: resultSchema.value });
}

/** The request's `modelSettings`, with unset fields left out; nothing when none is set. */
export function withModelSettings(state: Pick<PlaygroundState, 'requestSettings'>): { modelSettings?: RequestModelSettings } {
  const modelSettings = compactModelSettings(state.requestSettings);
  return modelSettings ? { modelSettings } : {};
}

/**
 * The model config the settings describe. A remote model carries the key from `apiKeys` bound to
 * its own provider and base URL, and no other; without `apiKeys` (Share) it carries none.
 */
export function buildModelConfig(settings: ModelSettings, scriptText: string, apiKeys: ApiKeyRing = []): Result<RequestModelConfig, string> {
  switch (settings.provider) {
    case 'auto': {
      const faults = settings.faultRate > 0 ? { rate: settings.faultRate, kinds: settings.faultKinds } : undefined;
      return ok({ provider: 'auto', seed: settings.seed, ...(faults ? { faults } : {}), ...wireOf(settings) });
    }
    case 'scripted': {
      const script = parseJson(scriptText, 'script.json');
      if (!script.ok) return script;
      if (!Array.isArray(script.value)) {
        return err('script.json must be an array of steps, e.g. [{ "calls": [...] }, { "text": "Done." }].');
      }
      // The server validates each step against its schema and answers 400 with the reason.
      return ok({ provider: 'scripted', script: script.value as Extract<ModelConfig, { provider: 'scripted' }>['script'], ...wireOf(settings) });
    }
    case 'openai': {
      const { model, baseURL } = settings.openai;
      const apiKey = findApiKey(apiKeys, 'openai', baseURL);
      if (model.trim() === '') return err('Choose an OpenAI model name.');
      return ok({
        provider: 'openai',
        model: model.trim(),
        ...(apiKey.trim() ? { apiKey: apiKey.trim() } : {}),
        ...(baseURL.trim() ? { baseURL: baseURL.trim() } : {}),
      });
    }
    case 'anthropic': {
      const { model, baseURL } = settings.anthropic;
      const apiKey = findApiKey(apiKeys, 'anthropic', baseURL);
      if (model.trim() === '') return err('Choose an Anthropic model name, e.g. claude-sonnet-4-5.');
      return ok({
        provider: 'anthropic',
        model: model.trim(),
        ...(apiKey.trim() ? { apiKey: apiKey.trim() } : {}),
        ...(baseURL.trim() ? { baseURL: baseURL.trim() } : {}),
      });
    }
    case 'gemini': {
      const { model, baseURL } = settings.gemini;
      const apiKey = findApiKey(apiKeys, 'gemini', baseURL);
      if (model.trim() === '') return err('Choose a Gemini model name, e.g. gemini-2.5-flash.');
      return ok({
        provider: 'gemini',
        model: model.trim(),
        ...(apiKey.trim() ? { apiKey: apiKey.trim() } : {}),
        ...(baseURL.trim() ? { baseURL: baseURL.trim() } : {}),
        ...(settings.geminiMode ? { functionCallingMode: settings.geminiMode } : {}),
      });
    }
    case 'openai-compatible': {
      const { model, baseURL } = settings.compatible;
      const apiKey = findApiKey(apiKeys, 'openai-compatible', baseURL);
      if (baseURL.trim() === '') return err('An OpenAI-compatible server needs a base URL, e.g. http://localhost:11434/v1.');
      if (model.trim() === '') return err('Choose a model name for the OpenAI-compatible server.');
      return ok({
        provider: 'openai-compatible',
        model: model.trim(),
        baseURL: baseURL.trim(),
        ...(apiKey.trim() ? { apiKey: apiKey.trim() } : {}),
      });
    }
  }
}

/** The embedded models' wire format, left out when it is OpenAI's (the default). */
function wireOf(settings: ModelSettings): { wire?: Exclude<EmbeddedWire, 'openai'> } {
  return settings.wire === 'openai' ? {} : { wire: settings.wire };
}

function parseJson(text: string, fileName: string): Result<unknown, string> {
  try {
    return ok(JSON.parse(text) as unknown);
  } catch (error) {
    return err(`${fileName} is not valid JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
}

function parseJsonObject(text: string, fileName: string): Result<{ [key: string]: JsonValue }, string> {
  const parsed = parseJson(text, fileName);
  if (!parsed.ok) return parsed;
  const value = parsed.value;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return err(`${fileName} must be a JSON object.`);
  return ok(value as { [key: string]: JsonValue });
}

/**
 * The files a direct call (Try) sees: what the conversation's newest turn left, or the files tab
 * before any turn; `{}` while the files tab does not parse (the turn request says why).
 */
export function selectCurrentFiles(state: PlaygroundState): Record<string, string> {
  const continuation = selectContinuation(state.conversation);
  if (continuation.ok && continuation.value) return continuation.value.files;
  const files = parseFiles(state.documents.files);
  return files.ok ? files.value : {};
}

/** The files tab as a path → text map, or why it is not one. */
export function parseFiles(text: string): Result<Record<string, string>, string> {
  if (text.trim() === '') return ok({});
  const parsed = parseJsonObject(text, 'files');
  if (!parsed.ok) return parsed;
  const files: Record<string, string> = {};
  for (const [path, content] of Object.entries(parsed.value)) {
    if (typeof content !== 'string') return err(`files: the content of "${path}" must be a string.`);
    files[path] = content;
  }
  return ok(files);
}
