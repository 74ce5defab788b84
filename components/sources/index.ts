export { McpToolControls } from './mcp-tool-controls';
export { SourcesSection } from './sources-section';
export type { SourcesSectionProps } from './sources-section';
export { useMcpSources } from './use-mcp-sources';
export type { McpSources } from './use-mcp-sources';
