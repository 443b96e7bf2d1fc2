// The connection: the era picked in the header, connecting (and reconnecting) to the endpoint,
// signing in when the endpoint asks for a token, the status line, and the notifications that
// arrive outside a request.
import { AuthRefusal } from './auth/auth-refusal.js';
import { bearerHeaders, forgetToken } from './auth/bearer-token.js';
import { beginSignIn } from './auth/sign-in.js';
import { $, h } from './dom.js';
import { BrowserMcpClient, type Era, type RpcMessage } from './mcp-client.js';
import { refreshLists, showList } from './navigation.js';
import { requestHeaders } from './request-headers.js';
import { currentView, state } from './page-state.js';

/** The user's headers, then the signed-in token (it wins over an `Authorization` row). */
const headers = () => ({ ...requestHeaders(), ...bearerHeaders() });

/**
 * Connects to the endpoint in the era selected in `#era` (closing the connection and view
 * before), then lists what the server offers; `body[data-connected]` marks the page ready. A
 * 401 (or 403 `insufficient_scope`) sends the browser to sign in when `signIn` is true (Connect
 * clicked), else it is shown (just back from signing in: no loop).
 */
export async function connect(signIn = true): Promise<void> {
  await state.view?.teardown('reconnect');
  await state.client?.close();
  state.client = undefined;
  delete document.body.dataset.connected;
  const era = $<HTMLSelectElement>('#era').value as Era;
  const client = new BrowserMcpClient(state.endpoint, era, onNotification, headers);
  setStatus('connecting…');
  try {
    await client.connect();
    state.client = client;
    await refreshLists();
  } catch (error) {
    state.client = undefined;
    if (!(error instanceof AuthRefusal) || !signIn) {
      setStatus(`cannot connect: ${(error as Error).message}`, true);
      return;
    }
    setStatus('signing in…');
    await beginSignIn(state.endpoint, error.challenge, { era }).catch((failure: Error) =>
      setStatus(`cannot sign in: ${failure.message}`, true),
    );
    return;
  }
  const info = client.serverInfo ?? {};
  setStatus(
    `${String(info.name ?? 'server')} ${String(info.version ?? '')} · ${client.protocolVersion}`,
  );
  showList(state.kind);
  document.body.dataset.connected = era; // lists shown: the page is ready
}

/** Sign out: the token forgotten, the connection closed. */
export async function signOut(): Promise<void> {
  forgetToken();
  await state.view?.teardown('sign out');
  await state.client?.close();
  state.client = undefined;
  delete document.body.dataset.connected;
  setStatus('signed out');
}

/** Writes the header's status line (red for an error). */
export function setStatus(text: string, error = false): void {
  const status = $('#status');
  status.textContent = text;
  status.className = error ? 'error' : '';
}

/**
 * Resource updates logged in the open resource panel; a changed list fetched and shown again,
 * and passed on to the open view.
 */
function onNotification(message: RpcMessage): void {
  const method = message.method ?? '';
  if (method === 'notifications/resources/updated') {
    const uri = String(message.params?.uri);
    $('#updates')?.append(h('li', {}, `updated ${uri} at ${new Date().toLocaleTimeString()}`));
  } else if (method.endsWith('/list_changed') && state.client) {
    void refreshLists().then(() => {
      showList(state.kind);
      // An open view hears of the server's tool and resource lists changing (after the page
      // has the new lists, so its tools/list sees them).
      currentView()?.serverListChanged(method);
    });
  }
}
