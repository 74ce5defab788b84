import type { MessageCreateParamsStreaming } from '@anthropic-ai/sdk/resources/messages/messages';
import type { ModelRequest } from '@/lib/runtime';
import { convertItemsToAnthropic } from './convert-items-to-anthropic';
import { type AnthropicSchemaJudge, type AnthropicToolNames, convertToolChoiceToAnthropic, convertToolsToAnthropic } from './convert-tools-to-anthropic';
import type { UnsendableTool } from '../refuse-unsendable-tools';

/** Anthropic requires `max_tokens`; a run that sets none gets this. */
export const ANTHROPIC_DEFAULT_MAX_TOKENS = 8_192;

/**
 * A model request as Anthropic's Messages API body (streamed), and the map from the tools'
 * wire names back to the runtime's, and the tools Anthropic would reject in any form (the body
 * leaves them out; the client sends nothing while there are any). Browser-safe: the page shows a
 * turn as Claude would receive it.
 */
export function buildAnthropicRequest(options: { model: string; request: ModelRequest; judge?: AnthropicSchemaJudge }): {
  body: MessageCreateParamsStreaming;
  names: AnthropicToolNames;
  refused: UnsendableTool[];
} {
  const { request } = options;
  const { tools, names, refused } = convertToolsToAnthropic(request.tools, options.judge);
  const { system, messages } = convertItemsToAnthropic(request.instructions, request.input);
  const body: MessageCreateParamsStreaming = {
    model: options.model,
    max_tokens: request.maxOutputTokens ?? ANTHROPIC_DEFAULT_MAX_TOKENS,
    ...(system ? { system } : {}),
    messages,
    ...(tools.length > 0 ? { tools, ...convertToolChoiceToAnthropic(request.toolChoice, request.parallelToolCalls) } : {}),
    ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
    stream: true,
  };
  return { body, names, refused };
}
