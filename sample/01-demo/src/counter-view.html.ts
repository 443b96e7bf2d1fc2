/**
 * The demo's MCP App view: plain HTML speaking the extension's postMessage protocol by hand
 * (`ui/initialize`, then tool input/result notifications; its button calls the app-only tool
 * `counter_increment` through the host). Any host implementing the extension renders it.
 */
export const COUNTER_VIEW_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Counter</title>
<style>
  body { font: 15px system-ui, sans-serif; margin: 0; padding: 16px; color: #1f2933; }
  .count { font-size: 40px; font-weight: 600; margin: 8px 0; }
  button { font: inherit; padding: 6px 14px; border-radius: 6px; border: 1px solid #7b8794;
    background: #f5f7fa; cursor: pointer; }
  #status { color: #616e7c; font-size: 13px; margin-top: 8px; }
</style>
</head>
<body>
  <div>Counter <span id="label"></span></div>
  <div class="count" id="count">…</div>
  <button id="increment" type="button">Increment on the server</button>
  <div id="status">connecting</div>
<script>
(() => {
  let nextId = 1;
  const pending = new Map();
  const send = (message) => window.parent.postMessage({ jsonrpc: '2.0', ...message }, '*');
  const request = (method, params) =>
    new Promise((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve, reject });
      send({ id, method, params });
    });
  const show = (result) => {
    const value = result && result.structuredContent && result.structuredContent.count;
    if (typeof value === 'number') document.getElementById('count').textContent = String(value);
  };
  const status = (text) => (document.getElementById('status').textContent = text);
  window.addEventListener('message', (event) => {
    if (event.source !== window.parent) return;
    const msg = event.data;
    if (!msg || msg.jsonrpc !== '2.0') return;
    if (msg.id !== undefined && !msg.method) {
      const waiter = pending.get(msg.id);
      if (!waiter) return;
      pending.delete(msg.id);
      if (msg.error) waiter.reject(new Error(msg.error.message));
      else waiter.resolve(msg.result);
      return;
    }
    if (msg.method === 'ui/notifications/tool-input') {
      const label = msg.params && msg.params.arguments && msg.params.arguments.label;
      if (label) document.getElementById('label').textContent = '(' + label + ')';
    } else if (msg.method === 'ui/notifications/tool-result') {
      show(msg.params);
      status('tool result received');
    } else if (msg.method === 'ui/resource-teardown' && msg.id !== undefined) {
      send({ id: msg.id, result: {} });
    } else if (msg.method === 'ping' && msg.id !== undefined) {
      send({ id: msg.id, result: {} });
    }
  });
  document.getElementById('increment').addEventListener('click', async () => {
    status('calling counter_increment');
    try {
      const result = await request('tools/call', { name: 'counter_increment', arguments: { by: 1 } });
      show(result);
      status('incremented by the server');
    } catch (error) {
      status('call failed: ' + error.message);
    }
  });
  request('ui/initialize', {
    appInfo: { name: 'demo-counter', version: '1.0.0' },
    appCapabilities: {},
    protocolVersion: '2026-01-26',
  }).then(() => {
    send({ method: 'ui/notifications/initialized', params: {} });
    status('ready');
    new ResizeObserver(() => {
      const { scrollWidth: width, scrollHeight: height } = document.documentElement;
      send({ method: 'ui/notifications/size-changed', params: { width, height } });
    }).observe(document.body);
  }, (error) => status('initialize failed: ' + error.message));
})();
</script>
</body>
</html>
`;
