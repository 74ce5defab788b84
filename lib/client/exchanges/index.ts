// Copying a recorded model exchange as curl or as OpenAI SDK code: everything interpolated is quoted
// for its target. Loaded with the exchange viewer, not with the page.
export { describeEndpoint, formatBody, formatCurl, formatOpenAISdkCode } from './format-exchange-code';
