// The sandbox proxy of MCP App views (served by the app's sandbox listener, on an origin apart
// from the page's). The page sends the view's HTML and declared CSP with a MessagePort of its
// own; the proxy posts them to its origin's /view, loads the one-time URL it gets back in an
// inner frame (that document carries the view's CSP as a header) and relays JSON-RPC between the
// view and the port. When the inner frame loads a second document (the view navigated, reloaded
// or was sent elsewhere and refused), the proxy removes it and closes the port: the page stops
// hearing from that frame; so when it tries to navigate anywhere else (refused by frame-src).

export {}; // a module: its names stay out of the global scope

type Json = Record<string, unknown>;

const RESOURCE_READY = 'ui/notifications/sandbox-resource-ready';
const PERMISSION_FEATURES: Record<string, string> = {
  camera: 'camera',
  microphone: 'microphone',
  geolocation: 'geolocation',
  clipboardWrite: 'clipboard-write',
};

const inner = document.createElement('iframe');
let port: MessagePort | undefined;
let closed = false;
let loads = 0;

/** Messages named `ui/notifications/sandbox-*` are the proxy's, never relayed. */
const relayed = (data: unknown) =>
  !String((data as Json | null)?.method ?? '').startsWith('ui/notifications/sandbox-');

function close(reason: string): void {
  if (closed) return;
  closed = true;
  inner.remove();
  port?.postMessage({ sandbox: 'closed', reason });
  port?.close();
}

async function load(params: Json): Promise<void> {
  const response = await fetch('/view', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ html: params.html, csp: params.csp }),
  });
  if (!response.ok) return close(`the sandbox refused the view: ${await response.text()}`);
  const { url, refused } = (await response.json()) as { url: string; refused: string[] };
  if (refused.length > 0) port?.postMessage({ sandbox: 'refused', entries: refused });
  inner.setAttribute('sandbox', 'allow-scripts allow-forms');
  const allow = Object.keys((params.permissions as Json | undefined) ?? {})
    .map((p) => PERMISSION_FEATURES[p])
    .filter(Boolean);
  if (allow.length > 0) inner.setAttribute('allow', allow.join('; '));
  inner.title = 'MCP App view';
  Object.assign(inner.style, { border: '0', width: '100%', height: '100%', display: 'block' });
  inner.addEventListener('load', () => {
    loads += 1;
    if (loads > 1) close('the view left its document (navigation or reload)');
  });
  inner.src = url;
  document.body.append(inner);
}

window.addEventListener('message', (event) => {
  if (closed) return;
  if (event.source === window.parent) {
    const message = event.data as Json | null;
    if (port || message?.method !== RESOURCE_READY || !event.ports[0]) return;
    port = event.ports[0];
    port.onmessage = (e: MessageEvent) => {
      if (!closed && relayed(e.data)) inner.contentWindow?.postMessage(e.data, '*');
    };
    void load((message.params as Json | undefined) ?? {}).catch((error: unknown) =>
      close(`the view could not be loaded: ${String(error)}`),
    );
    return;
  }
  if (port && event.source === inner.contentWindow && relayed(event.data)) {
    port.postMessage(event.data);
  }
});

// A navigation of the view's frame to anything but its one URL is refused by this document's
// frame-src; the view that tried is closed.
document.addEventListener('securitypolicyviolation', (event) => {
  if (event.effectiveDirective === 'frame-src') {
    close(`the view tried to leave its document for ${event.blockedURI}`);
  }
});

Object.assign(document.documentElement.style, { height: '100%' });
Object.assign(document.body.style, { margin: '0', height: '100%' });
window.parent.postMessage(
  { jsonrpc: '2.0', method: 'ui/notifications/sandbox-proxy-ready', params: {} },
  '*',
);
