// The page's dialog (`#input-dialog`) for the requests the server sends while a tool runs:
// elicitation (a form, or a page to open) and sampling (the person at the page is the model),
// and for a view's own sampling request (the same, with Decline).
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
      const heading = 'The server asks for a completion (you are the model)';
      dialog.replaceChildren(...samplingContent(params, heading, done));
    } else {
      resolve({});
      return;
    }
    dialog.showModal();
  });
}

/**
 * Puts a view's `sampling/createMessage` to the person at the page, naming the tool whose view
 * asks: their reply as the result, or undefined when they decline (or close the dialog).
 */
export function answerViewSampling(params: Json, tool: string): Promise<Json | undefined> {
  const dialog = $<HTMLDialogElement>('#input-dialog');
  return new Promise((resolve) => {
    const done = (value: Json | undefined) => {
      dialog.oncancel = null;
      dialog.close();
      resolve(value);
    };
    const heading = `The view of ${tool} asks for a completion (you are the model)`;
    dialog.replaceChildren(...samplingContent(params, heading, done, () => done(undefined)));
    dialog.oncancel = () => done(undefined);
    dialog.showModal();
  });
}

/** A sampling request's messages, a reply box, Send (and Decline when `decline` is given). */
function samplingContent(
  params: Json,
  heading: string,
  send: (result: Json) => void,
  decline?: () => void,
): Array<Node | string> {
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
  const result = () => ({
    role: 'assistant',
    content: { type: 'text', text: reply.value },
    model: 'explorer-user',
    stopReason: 'endTurn',
  });
  return [
    h('h3', { id: 'sampling-heading' }, heading),
    params.systemPrompt ? h('p', { class: 'hint' }, String(params.systemPrompt)) : '',
    ...messages,
    reply,
    h(
      'div',
      { class: 'actions' },
      h(
        'button',
        { id: 'sampling-send', type: 'button', class: 'primary', onclick: () => send(result()) },
        'Send',
      ),
      decline
        ? h('button', { id: 'sampling-decline', type: 'button', onclick: decline }, 'Decline')
        : undefined,
    ),
  ];
}
