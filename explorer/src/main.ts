// The explorer page: connects to the app's own MCP endpoint (the real one, as any client), lists
// tools, prompts, resources and templates, runs them from generated forms and renders MCP Apps.
// This entry reads the page's config, builds the shell and wires Connect.
import './style.css';
import { connect } from './connection.js';
import { $ } from './dom.js';
import { renderPageShell } from './page-shell.js';
import { state } from './page-state.js';

const config = JSON.parse(document.getElementById('mcp-explorer-config')?.textContent ?? '{}') as {
  endpoint?: string;
  title?: string;
  sandbox?: string;
};
const endpoint = new URL(config.endpoint ?? '../mcp', location.href).href;
state.sandbox = config.sandbox ?? '';

renderPageShell(config.title ?? 'MCP Explorer');
$('#connect').onclick = () => void connect(endpoint);
