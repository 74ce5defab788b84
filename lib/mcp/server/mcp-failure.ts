/** Why a server could not be reached, listed or called: plain data with the sentence a person reads. */
export type McpFailure = {
  code: 'egress-refused' | 'unreachable' | 'timeout' | 'http-status' | 'not-mcp' | 'too-large' | 'too-many-tools' | 'protocol' | 'unknown-server' | 'aborted' | 'busy';
  message: string;
  /** The HTTP status a server answered with, when that was the reason. */
  status?: number;
};
