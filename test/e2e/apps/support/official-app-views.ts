import { Injectable } from '@nestjs/common';
import { z } from 'zod';
import { AppView, Tool } from '../../../../lib/index.js';

/** The official-App view's script (set by the spec once vite has bundled it). */
export const bundle = { script: '' };

/**
 * A view speaking by hand: two unknown `ui/*` requests, one unknown notification, and a
 * `ui/download-file` whose entry is no resource (bad input, not an unknown method).
 */
const UNKNOWN_METHOD_VIEW = `<!doctype html><html><head><title>t</title></head><body>
<p id="answers"></p><script>
var answers = [];
window.addEventListener('message', function (e) {
  var m = e.data;
  if (!m || m.method || [1, 2, 3].indexOf(m.id) < 0) return;
  answers.push(m.id + ':' + (m.error ? m.error.code : 'ok'));
  document.getElementById('answers').textContent = answers.sort().join(' ');
});
function send(m) { parent.postMessage(Object.assign({ jsonrpc: '2.0' }, m), '*'); }
send({ method: 'ui/notifications/frobnicated', params: {} });
send({ id: 1, method: 'ui/frobnicate', params: {} });
send({ id: 2, method: 'ui/frobnicate', params: {} });
send({ id: 3, method: 'ui/download-file', params: { contents: [{ type: 'resource' }] } });
</script></body></html>`;

/** A server with a view written on the official ext-apps `App`, and one speaking unknown methods. */
@Injectable()
export class OfficialAppViews {
  @AppView({ uri: 'ui://official/app' })
  officialView() {
    return `<!doctype html><html><head><title>official App</title></head><body>
<p>host <span id="host"></span>, theme <span id="theme"></span></p>
<p>partial <span id="partial"></span> (<span id="partial-count">0</span>)</p>
<p>input <span id="input"></span></p>
<p>result <span id="result"></span></p>
<button id="call" type="button">Call</button> <span id="called"></span>
<button id="download" type="button">Download</button> <span id="downloaded"></span>
<button id="sample" type="button">Sample</button> <span id="sampled"></span>
<p>server tools changed <span id="tools-changed">0</span></p>
<script>${bundle.script}</script></body></html>`;
  }

  @AppView({ uri: 'ui://official/unknown', html: UNKNOWN_METHOD_VIEW })
  unknownView() {}

  @Tool({
    name: 'official_app',
    description: 'A forecast rendered by a view on the official App',
    inputSchema: { city: z.string(), days: z.number().int().optional() },
    ui: { view: 'ui://official/app' },
  })
  forecast({ city, days }: { city: string; days?: number }) {
    return { city, days: days ?? 1, high: 21 };
  }

  @Tool({
    name: 'echo_app',
    description: 'App-only: echoes what the view sends',
    inputSchema: { text: z.string() },
    ui: { view: 'ui://official/app', visibility: ['app'] },
  })
  echo({ text }: { text: string }) {
    return { echoed: text };
  }

  @Tool({ name: 'unknown_methods', ui: { view: 'ui://official/unknown' } })
  unknownMethods() {
    return 'ok';
  }
}
