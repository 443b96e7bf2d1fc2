// The explorer page: connects to the app's own MCP endpoint (the real one, as any client), lists
// tools, prompts, resources and templates, runs them from generated forms and renders MCP Apps.
import './style.css';
import { ViewHost, type ViewMeta } from './app-host.js';
import { BrowserMcpClient, RpcError, type Era, type RpcMessage } from './mcp-client.js';
import { schemaForm } from './schema-form.js';

type Json = Record<string, unknown>;
type Kind = 'tools' | 'prompts' | 'resources' | 'resourceTemplates';

const config = JSON.parse(document.getElementById('mcp-explorer-config')?.textContent ?? '{}') as {
  endpoint?: string;
  title?: string;
};
const endpoint = new URL(config.endpoint ?? '../mcp', location.href).href;

const $ = <T extends HTMLElement = HTMLElement>(selector: string) =>
  document.querySelector(selector) as T;
const h = <K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Record<string, unknown> = {},
  ...children: Array<Node | string | undefined>
): HTMLElementTagNameMap[K] => {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (
      key.startsWith('data-') ||
      key === 'id' ||
      key === 'class' ||
      key === 'for' ||
      key === 'type'
    )
      node.setAttribute(key, String(value));
    else (node as unknown as Json)[key] = value;
  }
  node.append(...children.filter((c): c is Node | string => c !== undefined));
  return node;
};

const state: {
  client?: BrowserMcpClient;
  lists: Record<Kind, Json[]>;
  kind: Kind;
  view?: ViewHost;
  subscriptions: Set<string>;
} = {
  lists: { tools: [], prompts: [], resources: [], resourceTemplates: [] },
  kind: 'tools',
  subscriptions: new Set(),
};

document.body.append(
  h(
    'header',
    {},
    h('h1', {}, config.title ?? 'MCP Explorer'),
    h(
      'label',
      { for: 'era' },
      'Protocol ',
      h(
        'select',
        { id: 'era' },
        h('option', { value: 'legacy' }, '2025-11-25 (sessions)'),
        h('option', { value: 'modern' }, '2026-07-28 (stateless)'),
      ),
    ),
    h('button', { id: 'connect', type: 'button' }, 'Connect'),
    h('span', { id: 'status' }, 'not connected'),
  ),
  h(
    'main',
    {},
    h(
      'nav',
      {},
      h(
        'div',
        { class: 'tabs' },
        ...(['tools', 'prompts', 'resources', 'resourceTemplates'] as Kind[]).map((kind) =>
          h(
            'button',
            { type: 'button', 'data-tab': kind, onclick: () => showList(kind) },
            label(kind),
          ),
        ),
      ),
      h('ul', { id: 'list' }),
    ),
    h('section', { id: 'detail' }, h('p', { class: 'hint' }, 'Connect, then pick an item.')),
  ),
  h('dialog', { id: 'input-dialog' }),
);

function label(kind: Kind): string {
  return {
    tools: 'Tools',
    prompts: 'Prompts',
    resources: 'Resources',
    resourceTemplates: 'Templates',
  }[kind];
}

$('#connect').onclick = () => void connect();

async function connect(): Promise<void> {
  await state.view?.teardown('reconnect');
  await state.client?.close();
  const era = $<HTMLSelectElement>('#era').value as Era;
  const client = new BrowserMcpClient(endpoint, era, onNotification);
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

function setStatus(text: string, error = false): void {
  const status = $('#status');
  status.textContent = text;
  status.className = error ? 'error' : '';
}

async function refreshLists(): Promise<void> {
  const client = state.client!;
  const caps = client.serverCapabilities;
  const all = async (method: string, key: string) => {
    const items: Json[] = [];
    let cursor: string | undefined;
    do {
      const page = await client.request(method, cursor ? { cursor } : {});
      items.push(...((page[key] as Json[]) ?? []));
      cursor = page.nextCursor as string | undefined;
    } while (cursor);
    return items;
  };
  state.lists.tools = caps.tools ? await all('tools/list', 'tools') : [];
  state.lists.prompts = caps.prompts ? await all('prompts/list', 'prompts') : [];
  state.lists.resources = caps.resources ? await all('resources/list', 'resources') : [];
  state.lists.resourceTemplates = caps.resources
    ? await all('resources/templates/list', 'resourceTemplates')
    : [];
}

function showList(kind: Kind): void {
  state.kind = kind;
  for (const tab of document.querySelectorAll<HTMLElement>('[data-tab]'))
    tab.classList.toggle('active', tab.dataset.tab === kind);
  const list = $('#list');
  list.replaceChildren(
    ...state.lists[kind].map((item) => {
      // Tools and prompts by name, resources by URI, templates by URI template.
      const key = String(
        kind === 'resources'
          ? item.uri
          : kind === 'resourceTemplates'
            ? item.uriTemplate
            : item.name,
      );
      const hasView = kind === 'tools' && viewOf(item) !== undefined;
      return h(
        'li',
        {},
        h(
          'button',
          {
            type: 'button',
            'data-kind': kind,
            'data-name': key,
            onclick: () => void select(kind, item),
          },
          String(item.title ?? item.name ?? key),
          hasView ? h('span', { class: 'badge' }, 'app') : undefined,
        ),
      );
    }),
  );
  if (state.lists[kind].length === 0) list.append(h('li', { class: 'hint' }, 'None.'));
}

/** The rendered view, if any (a function: TypeScript would narrow the field across awaits). */
function currentView(): ViewHost | undefined {
  return state.view;
}

function viewOf(tool: Json): string | undefined {
  const meta = tool._meta as Json | undefined;
  const uri = (meta?.ui as Json | undefined)?.resourceUri ?? meta?.['ui/resourceUri'];
  return typeof uri === 'string' ? uri : undefined;
}

async function select(kind: Kind, item: Json): Promise<void> {
  await state.view?.teardown('another item');
  state.view = undefined;
  const detail = $('#detail');
  const title = String(item.title ?? item.name ?? item.uri ?? item.uriTemplate);
  detail.replaceChildren(
    h('h2', {}, title),
    item.description ? h('p', { class: 'description' }, String(item.description)) : '',
  );
  if (kind === 'tools') toolPanel(detail, item);
  else if (kind === 'prompts') promptPanel(detail, item);
  else if (kind === 'resources') resourcePanel(detail, String(item.uri));
  else templatePanel(detail, String(item.uriTemplate));
}

function output(): { box: HTMLElement; show(value: unknown, error?: boolean): void } {
  const box = h('pre', { id: 'result', class: 'result' });
  return {
    box,
    show(value, error = false) {
      box.textContent = typeof value === 'string' ? value : JSON.stringify(value, null, 2);
      box.classList.toggle('error', error);
    },
  };
}

function errorText(error: unknown): string {
  return error instanceof RpcError
    ? `Error ${error.code}: ${error.message}`
    : String((error as Error).message ?? error);
}

function toolPanel(detail: HTMLElement, tool: Json): void {
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
  run.onclick = async () => {
    let args: Json;
    try {
      args = form.read() as Json;
    } catch (error) {
      result.show(String((error as Error).message), true);
      return;
    }
    const client = state.client!;
    const abort = new AbortController();
    const id = client.peekId();
    logs.replaceChildren();
    result.show('running…');
    run.disabled = true;
    cancel.hidden = false;
    progress.hidden = false;
    progress.removeAttribute('value');
    cancel.onclick = () => {
      void client.cancel(id, 'cancelled in the explorer');
      abort.abort();
    };
    await state.view?.teardown('new run');
    state.view = undefined;
    if (viewUri) await mountView(viewBox, tool, viewUri, args);
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
      if (cancelled) currentView()?.toolCancelled('cancelled in the explorer');
    } finally {
      run.disabled = false;
      cancel.hidden = true;
      progress.hidden = true;
    }
  };
}

async function mountView(box: HTMLElement, tool: Json, uri: string, args: Json): Promise<void> {
  const client = state.client!;
  try {
    const read = await client.request('resources/read', { uri });
    const contents = ((read.contents as Json[]) ?? []).find(
      (c) => c.mimeType === 'text/html;profile=mcp-app',
    );
    if (!contents) throw new Error(`${uri} is not an MCP App view`);
    const html =
      typeof contents.text === 'string' ? contents.text : atob(String(contents.blob ?? ''));
    const listed = state.lists.resources.find((r) => r.uri === uri);
    const meta = ((contents._meta as Json | undefined)?.ui ??
      (listed?._meta as Json | undefined)?.ui ??
      {}) as ViewMeta;
    const events = h('ol', { id: 'view-events', class: 'logs' });
    box.replaceChildren();
    state.view = new ViewHost(box, {
      html,
      meta,
      tool,
      args,
      tools: () => state.lists.tools,
      callTool: (name, callArgs) =>
        client.request(
          'tools/call',
          { name, arguments: callArgs },
          { onServerRequest: answerServerRequest },
        ),
      readResource: (resourceUri) => client.request('resources/read', { uri: resourceUri }),
      onEvent: (kind, detail) => events.append(h('li', {}, `${kind} ${JSON.stringify(detail)}`)),
    });
    box.append(events);
  } catch (error) {
    box.replaceChildren(h('p', { class: 'error' }, errorText(error)));
  }
}

function promptPanel(detail: HTMLElement, prompt: Json): void {
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

function resourcePanel(detail: HTMLElement, uri: string): void {
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

function templatePanel(detail: HTMLElement, template: string): void {
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

/** Elicitation and sampling requests, answered by the person at the page. */
function answerServerRequest(method: string, params: Json): Promise<Json> {
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

function onNotification(message: RpcMessage): void {
  const method = message.method ?? '';
  if (method === 'notifications/resources/updated') {
    const uri = String(message.params?.uri);
    $('#updates')?.append(h('li', {}, `updated ${uri} at ${new Date().toLocaleTimeString()}`));
  } else if (method.endsWith('/list_changed') && state.client) {
    void refreshLists().then(() => showList(state.kind));
  }
}
