import { err, isPlainObject, ok, type JsonValue, type Result, type ToolFailure, type ToolReturn } from '@/lib/runtime';

/** A `tools/call` result as the server sent it (already checked against the protocol's schema by the client). */
export type McpCallResult = { content?: readonly unknown[]; structuredContent?: unknown; isError?: boolean };

/**
 * The model-visible output of a server call. Text blocks are the output, in order, one per line;
 * an image, audio clip or resource is described in one line (its type, size and address), since
 * a function call's output is text. Without any content block, the `structuredContent` is the
 * output as JSON (the spec asks servers to send its serialization as text too, so it is not added
 * twice); it is kept as the call's details either way. `isError` makes the same text a failed
 * call's, which the model reads as the tool's own error message.
 */
export function convertCallResult(result: McpCallResult): Result<ToolReturn, ToolFailure> {
  const blocks = result.content ?? [];
  const structured = result.structuredContent;
  const lines = blocks.map(describeContentBlock);
  const text = lines.length > 0 ? lines.join('\n') : structured !== undefined ? JSON.stringify(structured) : '';
  if (result.isError === true) return err({ code: 'threw', message: text || 'The server reported an error without a message.' });
  return ok({ content: text, ...(structured === undefined ? {} : { details: structured as JsonValue }) });
}

function describeContentBlock(block: unknown): string {
  if (!isPlainObject(block)) return '[content block that is not an object]';
  switch (block.type) {
    case 'text':
      return typeof block.text === 'string' ? block.text : '';
    case 'image':
    case 'audio':
      return `[${block.type}: ${readString(block.mimeType) ?? 'unknown type'}, ${describeBase64Size(block.data)}]`;
    case 'resource_link':
      return `[resource link: ${readString(block.name) ?? readString(block.uri) ?? 'unnamed'} <${readString(block.uri) ?? ''}>${describeMime(block.mimeType)}]`;
    case 'resource':
      return describeEmbeddedResource(block.resource);
    default:
      return `[${typeof block.type === 'string' ? block.type.slice(0, 40) : 'untyped'} content]`;
  }
}

function describeEmbeddedResource(resource: unknown): string {
  if (!isPlainObject(resource)) return '[resource without contents]';
  const uri = readString(resource.uri) ?? '';
  const size = typeof resource.text === 'string' ? `${resource.text.length} characters of text` : describeBase64Size(resource.blob);
  return `[resource: <${uri}>${describeMime(resource.mimeType)}, ${size}]`;
}

function readString(value: unknown): string | undefined {
  return typeof value === 'string' && value.length > 0 ? value.slice(0, 500) : undefined;
}

function describeMime(value: unknown): string {
  const mime = readString(value);
  return mime ? ` (${mime})` : '';
}

function describeBase64Size(data: unknown): string {
  if (typeof data !== 'string') return 'no data';
  const bytes = Math.floor((data.replace(/=+$/, '').length * 3) / 4);
  return bytes < 1024 ? `${bytes} bytes` : `${Math.round((bytes / 1024) * 10) / 10} KB`;
}
