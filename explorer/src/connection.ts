// The connection: the era picked in the header, connecting (and reconnecting) to the endpoint,
// the status line, and the notifications that arrive outside a request.
import { $, h } from './dom.js';
import { BrowserMcpClient, type Era, type RpcMessage } from './mcp-client.js';
import { refreshLists, showList } from './navigation.js';
import { requestHeaders } from './request-headers.js';
import { state } from './page-state.js';

/**
 * Connects to `endpoint` in the era selected in `#era` (closing the connection and view before),
 * then lists what the server offers; `body[data-connected]` marks the page ready.
 */
export async function connect(endpoint: string): Promise<void> {
  await state.view?.teardown('reconnect');
  await state.client?.close();
  const era = $<HTMLSelectElement>('#era').value as Era;
  const client = new BrowserMcpClient(endpoint, era, onNotification, requestHeaders);
  setStatus('connecting…');
  try {
    await client.connect();
  } catch (error) {
    setStatus(`cannot connect: ${(error as Error).message}`, true);
    return;
  }
  state.client = client;
  const info = client.serverInfo ?? {};
  setStatus(
    `${String(info.name ?? 'server')} ${String(info.version ?? '')} · ${client.protocolVersion}`,
  );
  await refreshLists();
  showList(state.kind);
  document.body.dataset.connected = era; // lists shown: the page is ready
}

/** Writes the header's status line (red for an error). */
function setStatus(text: string, error = false): void {
  const status = $('#status');
  status.textContent = text;
  status.className = error ? 'error' : '';
}

/** Resource updates logged in the open resource panel; a changed list fetched and shown again. */
function onNotification(message: RpcMessage): void {
  const method = message.method ?? '';
  if (method === 'notifications/resources/updated') {
    const uri = String(message.params?.uri);
    $('#updates')?.append(h('li', {}, `updated ${uri} at ${new Date().toLocaleTimeString()}`));
  } else if (method.endsWith('/list_changed') && state.client) {
    void refreshLists().then(() => showList(state.kind));
  }
}
