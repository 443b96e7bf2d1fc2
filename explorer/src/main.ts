// The explorer page: connects to the app's own MCP endpoint (the real one, as any client), lists
// tools, prompts, resources and templates, runs them from generated forms and renders MCP Apps.
// This entry reads the page's config, builds the shell, finishes a sign-in the browser comes
// back from, and wires Connect.
import './style.css';
import { completeSignIn, configureSignIn } from './auth/sign-in.js';
import { holdRetry } from './auth/step-up.js';
import { connect, setStatus, signOut } from './connection.js';
import { $ } from './dom.js';
import { renderPageShell } from './page-shell.js';
import { state } from './page-state.js';

const config = JSON.parse(document.getElementById('mcp-explorer-config')?.textContent ?? '{}') as {
  endpoint?: string;
  title?: string;
  sandbox?: string;
  clientId?: string;
  clientMetadata?: string;
};
state.endpoint = new URL(config.endpoint ?? '../mcp', location.href).href;
state.sandbox = config.sandbox ?? '';
configureSignIn(config);

renderPageShell(config.title ?? 'MCP Explorer', () => void signOut());
$('#connect').onclick = () => void connect();

/** Back from the authorization server: redeem the code, connect, run the call that asked for it. */
async function resume(): Promise<void> {
  const resumed = await completeSignIn();
  if (!resumed) return;
  $<HTMLSelectElement>('#era').value = resumed.era;
  if (resumed.retry) holdRetry(resumed.retry);
  await connect(false);
  if (resumed.retry && state.client) {
    const name = CSS.escape(resumed.retry.name);
    $<HTMLButtonElement>(`[data-kind="tools"][data-name="${name}"]`)?.click();
  }
}
resume().catch((error: Error) => setStatus(`cannot sign in: ${error.message}`, true));
