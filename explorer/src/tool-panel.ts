// The tool panel: its arguments form, Run and Cancel, progress, the notifications that arrive
// while it runs, its result, and its MCP App view when it has one: mounted as soon as the form is
// edited, so the view sees the input as it is typed (tool-input-partial), then the call's input.
import { AuthRefusal } from './auth/auth-refusal.js';
import { stepUpButton, takeRetry } from './auth/step-up.js';
import { h } from './dom.js';
import { currentView, state, type Json } from './page-state.js';
import { errorText, output } from './result-output.js';
import { schemaForm } from './schema-form.js';
import { answerServerRequest } from './server-request-dialog.js';
import { mountView, viewOf } from './tool-view.js';

/** Fills `detail` with the panel of `tool` and runs it when Run is clicked. */
export function toolPanel(detail: HTMLElement, tool: Json): void {
  const form = schemaForm((tool.inputSchema as Json) ?? {}, 'arg');
  const run = h('button', { id: 'run', type: 'button', class: 'primary' }, 'Run');
  const cancel = h('button', { id: 'cancel', type: 'button', hidden: true }, 'Cancel');
  const progress = h('progress', { id: 'progress', hidden: true, max: 1, value: 0 });
  const progressText = h('span', { id: 'progress-text' });
  const logs = h('ol', { id: 'logs', class: 'logs' });
  const result = output();
  const viewUri = viewOf(tool);
  const viewBox = h('div', { id: 'view', class: 'view' });
  detail.append(
    h('form', { id: 'tool-form', onsubmit: (e: Event) => e.preventDefault() }, form.element),
    h('div', { class: 'actions' }, run, cancel, progress, progressText),
    h('h3', {}, 'Notifications'),
    logs,
    h('h3', {}, 'Result'),
    result.box,
    viewUri ? h('h3', {}, 'App view ', h('code', {}, viewUri)) : '',
    viewUri ? viewBox : '',
  );
  let running = false;
  // The view of the next call: mounted on the first edit (a new one once a call has used the
  // last), fed the form's value as it stands after each edit.
  let mounting: Promise<void> | undefined;
  const draftView = async (): Promise<void> => {
    if (!viewUri || running) return;
    if (!currentView()?.awaitingInput) {
      mounting ??= (async () => {
        await state.view?.teardown('input edited');
        state.view = undefined;
        await mountView(viewBox, tool, viewUri);
      })().finally(() => (mounting = undefined));
    }
    await mounting;
    if (!running) currentView()?.toolInputPartial((form.read(true) as Json) ?? {});
  };
  if (viewUri) form.element.addEventListener('input', () => void draftView());
  run.onclick = () => {
    let args: Json;
    try {
      args = form.read() as Json;
    } catch (error) {
      result.show(String((error as Error).message), true);
      return;
    }
    void runWith(args);
  };
  const runWith = async (args: Json, note?: string) => {
    const client = state.client!;
    const abort = new AbortController();
    const id = client.peekId();
    logs.replaceChildren();
    if (note) logs.append(h('li', { class: 'hint' }, `${note}: ${JSON.stringify(args)}`));
    detail.querySelector('#step-up')?.remove();
    result.show('running…');
    run.disabled = true;
    cancel.hidden = false;
    progress.hidden = false;
    progress.removeAttribute('value');
    cancel.onclick = () => {
      void client.cancel(id, 'cancelled in the explorer');
      abort.abort();
    };
    running = true;
    await mounting;
    if (currentView()?.awaitingInput) currentView()!.toolInput(args);
    else {
      await state.view?.teardown('new run');
      state.view = undefined;
      if (viewUri) await mountView(viewBox, tool, viewUri, args);
    }
    try {
      const value = await client.request(
        'tools/call',
        { name: tool.name, arguments: args, _meta: { progressToken: `explorer-${id}` } },
        {
          signal: abort.signal,
          onServerRequest: answerServerRequest,
          onNotification: (message) => {
            if (message.method === 'notifications/progress') {
              const p = message.params as { progress: number; total?: number; message?: string };
              if (p.total) {
                progress.max = p.total;
                progress.value = p.progress;
              }
              progressText.textContent = `${p.progress}${p.total ? ` / ${p.total}` : ''} ${p.message ?? ''}`;
            }
            logs.append(
              h(
                'li',
                { 'data-method': message.method },
                `${message.method} ${JSON.stringify(message.params ?? {})}`,
              ),
            );
          },
        },
      );
      result.show(value, value.isError === true);
      currentView()?.toolResult(value);
    } catch (error) {
      const cancelled = abort.signal.aborted;
      result.show(cancelled ? 'Cancelled' : errorText(error), true);
      if (error instanceof AuthRefusal) {
        result.box.after(stepUpButton(error, { name: String(tool.name), arguments: args }));
      }
      if (cancelled) currentView()?.toolCancelled('cancelled in the explorer');
    } finally {
      running = false;
      run.disabled = false;
      cancel.hidden = true;
      progress.hidden = true;
    }
  };
  // Back from signing in for this tool's call: run it again with the same arguments.
  const retried = takeRetry(String(tool.name));
  if (retried) void runWith(retried, 'run again after signing in, with the same arguments');
}
