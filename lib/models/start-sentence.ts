/**
 * Provider names are written as they read mid-sentence ("could not reach the embedded auto
 * model", "OpenAI"); a message that starts with one capitalizes it.
 */
export function startSentence(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
