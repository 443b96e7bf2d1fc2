// The resource panels: a resource read (and subscribed to, in the 2025 era when the server
// offers it), and a resource template whose variables are filled in a form before reading.
import { h } from './dom.js';
import { state, type Json } from './page-state.js';
import { errorText, output } from './result-output.js';
import { schemaForm } from './schema-form.js';

/** Fills `detail` with the panel of the resource at `uri`: Read, and Subscribe when offered. */
export function resourcePanel(detail: HTMLElement, uri: string): void {
  const read = h('button', { id: 'read', type: 'button', class: 'primary' }, 'Read');
  const subscribed = state.subscriptions.has(uri);
  const subscribe = h(
    'button',
    { id: 'subscribe', type: 'button' },
    subscribed ? 'Unsubscribe' : 'Subscribe',
  );
  const canSubscribe =
    state.client?.era === 'legacy' &&
    (state.client.serverCapabilities.resources as Json | undefined)?.subscribe;
  subscribe.hidden = !canSubscribe;
  const result = output();
  detail.append(
    h('p', {}, h('code', {}, uri)),
    h('div', { class: 'actions' }, read, subscribe),
    h('h3', {}, 'Contents'),
    result.box,
    h('ol', { id: 'updates', class: 'logs' }),
  );
  read.onclick = async () => {
    try {
      result.show(await state.client!.request('resources/read', { uri }));
    } catch (error) {
      result.show(errorText(error), true);
    }
  };
  subscribe.onclick = async () => {
    const on = !state.subscriptions.has(uri);
    await state.client!.request(on ? 'resources/subscribe' : 'resources/unsubscribe', { uri });
    if (on) state.subscriptions.add(uri);
    else state.subscriptions.delete(uri);
    subscribe.textContent = on ? 'Unsubscribe' : 'Subscribe';
  };
}

/** Fills `detail` with the panel of a URI template: its variables as a form, and Read. */
export function templatePanel(detail: HTMLElement, template: string): void {
  const names = [...template.matchAll(/\{[+#./;?&]?([^}]+)\}/g)].flatMap((m) =>
    m[1].split(',').map((n) => n.replace(/[*:].*$/, '')),
  );
  const form = schemaForm(
    {
      type: 'object',
      properties: Object.fromEntries(names.map((n) => [n, { type: 'string' }])),
      required: names,
    },
    'var',
  );
  const read = h('button', { id: 'read', type: 'button', class: 'primary' }, 'Read');
  const result = output();
  detail.append(
    h('p', {}, h('code', {}, template)),
    h('form', { onsubmit: (e: Event) => e.preventDefault() }, form.element),
    h('div', { class: 'actions' }, read),
    result.box,
  );
  read.onclick = async () => {
    try {
      const vars = form.read() as Record<string, string>;
      const uri = template.replace(/\{[+#./;?&]?([^}]+)\}/g, (_m, list: string) =>
        list
          .split(',')
          .map((n) => encodeURIComponent(vars[n.replace(/[*:].*$/, '')] ?? ''))
          .join(','),
      );
      result.show(await state.client!.request('resources/read', { uri }));
    } catch (error) {
      result.show(errorText(error), true);
    }
  };
}
