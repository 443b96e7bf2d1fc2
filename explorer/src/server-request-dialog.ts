// The page's dialog (`#input-dialog`) for the requests the server sends while a tool runs:
// elicitation (a form, or a page to open) and sampling (the person at the page is the model).
import { $, h } from './dom.js';
import type { Json } from './page-state.js';
import { schemaForm } from './schema-form.js';

/** Elicitation and sampling requests, answered by the person at the page. */
export function answerServerRequest(method: string, params: Json): Promise<Json> {
  const dialog = $<HTMLDialogElement>('#input-dialog');
  return new Promise((resolve) => {
    const done = (value: Json) => {
      dialog.close();
      resolve(value);
    };
    if (method === 'elicitation/create') {
      if (params.mode === 'url') {
        dialog.replaceChildren(
          h('h3', {}, 'The server asks you to open a page'),
          h('p', {}, String(params.message ?? '')),
          h(
            'a',
            { href: String(params.url), target: '_blank', rel: 'noopener' },
            String(params.url),
          ),
          h(
            'div',
            { class: 'actions' },
            h(
              'button',
              { id: 'elicit-accept', type: 'button', onclick: () => done({ action: 'accept' }) },
              'Done',
            ),
            h(
              'button',
              { id: 'elicit-decline', type: 'button', onclick: () => done({ action: 'decline' }) },
              'Decline',
            ),
          ),
        );
      } else {
        const form = schemaForm((params.requestedSchema as Json) ?? {}, 'elicit');
        const error = h('p', { class: 'error' });
        const accept = () => {
          try {
            done({ action: 'accept', content: form.read() as Json });
          } catch (e) {
            error.textContent = (e as Error).message;
          }
        };
        dialog.replaceChildren(
          h('h3', {}, 'The server asks'),
          h('p', { id: 'elicit-message' }, String(params.message ?? '')),
          h('form', { onsubmit: (e: Event) => e.preventDefault() }, form.element),
          error,
          h(
            'div',
            { class: 'actions' },
            h(
              'button',
              { id: 'elicit-accept', type: 'button', class: 'primary', onclick: accept },
              'Accept',
            ),
            h(
              'button',
              { id: 'elicit-decline', type: 'button', onclick: () => done({ action: 'decline' }) },
              'Decline',
            ),
            h(
              'button',
              { id: 'elicit-cancel', type: 'button', onclick: () => done({ action: 'cancel' }) },
              'Cancel',
            ),
          ),
        );
      }
    } else if (method === 'sampling/createMessage') {
      const reply = h('textarea', { id: 'sampling-reply', rows: 4 });
      const messages = ((params.messages as Json[]) ?? []).map((m) => {
        const content = m.content as Json;
        return h(
          'div',
          { class: `message ${String(m.role)}` },
          h('strong', {}, String(m.role)),
          h('pre', {}, content?.type === 'text' ? String(content.text) : JSON.stringify(content)),
        );
      });
      dialog.replaceChildren(
        h('h3', {}, 'The server asks for a completion (you are the model)'),
        params.systemPrompt ? h('p', { class: 'hint' }, String(params.systemPrompt)) : '',
        ...messages,
        reply,
        h(
          'div',
          { class: 'actions' },
          h(
            'button',
            {
              id: 'sampling-send',
              type: 'button',
              class: 'primary',
              onclick: () =>
                done({
                  role: 'assistant',
                  content: { type: 'text', text: reply.value },
                  model: 'explorer-user',
                  stopReason: 'endTurn',
                }),
            },
            'Send',
          ),
        ),
      );
    } else {
      resolve({});
      return;
    }
    dialog.showModal();
  });
}
