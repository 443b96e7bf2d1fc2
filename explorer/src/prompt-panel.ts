// The prompt panel: a form of the prompt's arguments, and the messages `prompts/get` returns.
import { h } from './dom.js';
import { state, type Json } from './page-state.js';
import { errorText } from './result-output.js';
import { schemaForm } from './schema-form.js';

/** Fills `detail` with the panel of `prompt` (its arguments as string fields). */
export function promptPanel(detail: HTMLElement, prompt: Json): void {
  const args = (prompt.arguments as Json[] | undefined) ?? [];
  const schema = {
    type: 'object',
    properties: Object.fromEntries(
      args.map((a) => [String(a.name), { type: 'string', description: a.description }]),
    ),
    required: args.filter((a) => a.required).map((a) => String(a.name)),
  };
  const form = schemaForm(schema, 'prompt');
  const get = h('button', { id: 'get-prompt', type: 'button', class: 'primary' }, 'Get prompt');
  const messages = h('div', { id: 'messages', class: 'messages' });
  detail.append(
    h('form', { onsubmit: (e: Event) => e.preventDefault() }, form.element),
    h('div', { class: 'actions' }, get),
    messages,
  );
  get.onclick = async () => {
    try {
      const result = await state.client!.request('prompts/get', {
        name: prompt.name,
        arguments: form.read() as Json,
      });
      messages.replaceChildren(
        ...((result.messages as Json[]) ?? []).map((m) => {
          const content = m.content as Json;
          const body =
            content.type === 'text' ? String(content.text) : JSON.stringify(content, null, 2);
          return h(
            'div',
            { class: `message ${String(m.role)}` },
            h('strong', {}, String(m.role)),
            h('pre', {}, body),
          );
        }),
      );
    } catch (error) {
      messages.replaceChildren(h('p', { class: 'error' }, errorText(error)));
    }
  };
}
