export { abortTurn, checkProviderSettings, compileTools, describeErrorBody, sendApproval, sendManualOutput, streamEvents, streamTurn } from './api-client';
export { callTool } from './call-tool';
export type { ToolCallRequest } from './call-tool';
export { fetchExchanges } from './fetch-exchanges';
export { fetchTurnResource } from './fetch-turn-resource';
export { createSseParser } from './sse-parser';
export { createToolDetailStore, toolDetails, withToolDetail } from './tool-details';
export { fetchMcpTools, fetchOperatorMcpServers } from './mcp-api';
export type { McpToolsAnswer, OperatorMcpServer } from './mcp-api';
