// Copying a recorded model exchange as curl or as its provider's SDK code (OpenAI, Anthropic or Gemini): everything interpolated is quoted
// for its target. Loaded with the exchange viewer, not with the page.
export { describeEndpoint, describeSdk, detectWireFormat, formatBody, formatCurl, formatSdkCode } from './format-exchange-code';
