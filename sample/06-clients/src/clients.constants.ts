/** Name of the client of the demo server (Streamable HTTP). */
export const DEMO_CLIENT = 'demo';

/** Name of the client of `@modelcontextprotocol/server-everything` (stdio). */
export const EVERYTHING_CLIENT = 'everything';

/** The demo server's endpoint when `DEMO_MCP_URL` is not set (`npm start` serves it). */
export const DEFAULT_DEMO_MCP_URL = 'http://127.0.0.1:3000/mcp';
