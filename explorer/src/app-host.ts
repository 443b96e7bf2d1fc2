// The host side of MCP Apps (io.modelcontextprotocol/ui), written for the explorer, as the
// specification asks of a web host: the view is rendered by a sandbox proxy on an origin apart
// from the page's (sandbox-proxy.ts, served by the app's sandbox listener), which loads it with
// its CSP as a header in an inner frame. The page speaks to the proxy only through a MessagePort
// of this mount (so no other frame, nor the view once it navigated, can speak for it), answers the
// extension's protocol (ui/initialize, tool input streamed while typed then complete, the result,
// size changes, teardown, open-link with the user's consent, the view's own tools), proxies the
// view's `tools/call`, `tools/list` and `resources/read` to the server, passes the server's tool
// and resource list changes on to the view, answers `sampling/createMessage` through the person
// at the page (the draft's Standard MCP Message; asked, and declinable, in the dialog), and
// refuses any other method with a JSON-RPC error, noted once per method.
// The method names are those of the ext-apps specification 2026-01-26 (draft text read 2026-11):
// views built on the official App 2.x and views written against 1.x speak the same names.

import { downloadsOf } from './view-download.js';
import { answerSampling } from './view-sampling.js';

type Json = Record<string, unknown>;

/** The `_meta.ui` of a view resource. */
export interface ViewMeta {
  csp?: {
    connectDomains?: string[];
    resourceDomains?: string[];
    frameDomains?: string[];
    baseUriDomains?: string[];
  };
  permissions?: Record<string, unknown>;
  domain?: string;
  prefersBorder?: boolean;
}

/** What the host needs from the page. */
export interface ViewHostOptions {
  html: string;
  /** The sandbox origin (the app's sandbox listener), apart from the page's. */
  sandbox: string;
  meta: ViewMeta;
  /**
   * The tool that the view renders (its descriptor) and the arguments it was called with; none
   * yet while the form is being filled (`toolInputPartial` streams them, `toolInput` completes).
   */
  tool: Json;
  args?: Json;
  /** The server's tools as listed (a view may call only those visible to apps). */
  tools: () => Json[];
  callTool(name: string, args: Json): Promise<Json>;
  readResource(uri: string): Promise<Json>;
  /** Asks the person at the page whether to open `url` (an http or https URL) and opens it. */
  openLink(url: URL): Promise<boolean>;
  /** Asks the person at the page whether to save `file` and saves it. */
  saveFile(file: File): Promise<boolean>;
  /** Everything the view says that the page shows: logs, messages, context updates. */
  onEvent(kind: string, detail: unknown): void;
  /** The tools the view itself offers (it declared `appCapabilities.tools`), on each change. */
  onViewTools?(tools: Json[]): void;
  /**
   * Asks the person at the page to answer the view's `sampling/createMessage` (checked params):
   * the result, or undefined when declined. Without it the host offers no sampling.
   */
  sample?(params: Json): Promise<Json | undefined>;
}

/** The server's list changes a view hears of (`hostCapabilities.server*.listChanged`). */
const SERVER_LIST_CHANGES = new Set([
  'notifications/tools/list_changed',
  'notifications/resources/list_changed',
]);

/** The ext-apps protocol revisions this host speaks, newest first. */
const PROTOCOL_VERSIONS = ['2026-01-26'];
/** How long the host waits for the view to answer a request (teardown waits less). */
const VIEW_ANSWER_MS = 10_000;

const PERMISSION_FEATURES: Record<string, string> = {
  camera: 'camera',
  microphone: 'microphone',
  geolocation: 'geolocation',
  clipboardWrite: 'clipboard-write',
};

/** One rendered view. */
export class ViewHost {
  readonly iframe: HTMLIFrameElement;
  private port?: MessagePort;
  private initialized = false;
  /** The complete input was sent (partial input stops then, as the specification asks). */
  private inputSent = false;
  private pendingPartial?: Json;
  private pendingResult?: { method: string; params: Json };
  private appCapabilities: Json = {};
  private readonly refused = new Set<string>();
  /** The page's colour scheme: a change goes to the view as `host-context-changed`. */
  private readonly darkScheme = matchMedia('(prefers-color-scheme: dark)');
  private readonly schemeChanged = () => {
    if (this.initialized)
      this.post({
        method: 'ui/notifications/host-context-changed',
        params: { theme: this.theme() },
      });
  };
  private nextId = 1;
  private readonly waiting = new Map<number, (message: Json) => void>();
  // Only the proxy's first ready notice is taken; everything after goes through this mount's port.
  private readonly listener = (event: MessageEvent) => {
    if (event.source !== this.iframe.contentWindow || event.origin !== this.options.sandbox) return;
    if ((event.data as Json | null)?.method !== 'ui/notifications/sandbox-proxy-ready') return;
    window.removeEventListener('message', this.listener);
    const channel = new MessageChannel();
    this.port = channel.port1;
    this.port.onmessage = (e: MessageEvent) => this.fromProxy(e.data as Json);
    const { html, meta } = this.options;
    this.iframe.contentWindow!.postMessage(
      {
        jsonrpc: '2.0',
        method: 'ui/notifications/sandbox-resource-ready',
        params: { html, csp: meta.csp ?? {}, permissions: meta.permissions ?? {} },
      },
      this.options.sandbox,
      [channel.port2],
    );
  };

  constructor(
    container: HTMLElement,
    private readonly options: ViewHostOptions,
  ) {
    const iframe = document.createElement('iframe');
    // The proxy needs its own origin (allow-same-origin) to post its view to the sandbox listener;
    // that origin is not the page's. Forms stay allowed for views' own submit handlers (the view's
    // CSP has form-action 'none'); no popups, no top navigation, no modals.
    iframe.setAttribute('sandbox', 'allow-scripts allow-same-origin allow-forms');
    const allow = Object.keys(options.meta.permissions ?? {})
      .map((p) => PERMISSION_FEATURES[p])
      .filter(Boolean);
    if (allow.length > 0) iframe.setAttribute('allow', allow.join('; '));
    iframe.className =
      options.meta.prefersBorder === false ? 'view-frame borderless' : 'view-frame';
    iframe.title = `MCP App view of ${String(options.tool.name)}`;
    iframe.src = `${options.sandbox}/proxy`;
    this.iframe = iframe;
    window.addEventListener('message', this.listener);
    this.darkScheme.addEventListener('change', this.schemeChanged);
    container.append(iframe);
  }

  /** Whether the view still waits for its tool's complete input (a draft while typing). */
  get awaitingInput(): boolean {
    return this.options.args === undefined;
  }

  /** Streams the input as typed so far (dropped once the complete input went out). */
  toolInputPartial(args: Json): void {
    if (this.options.args !== undefined) return;
    if (this.initialized)
      this.post({ method: 'ui/notifications/tool-input-partial', params: { arguments: args } });
    else this.pendingPartial = args;
  }

  /** Sends the complete input (once; now, or once the view is initialized). */
  toolInput(args: Json): void {
    if (this.options.args !== undefined) return;
    this.options.args = args;
    this.pendingPartial = undefined;
    if (this.initialized) this.sendInput();
  }

  /** Calls a tool the view offers (`tools/call` from host to view) and returns its result. */
  async callViewTool(name: string, args: Json): Promise<Json> {
    const answer = await this.request('tools/call', { name, arguments: args }, VIEW_ANSWER_MS);
    if (!answer) throw new Error(`The view did not answer tools/call ${name}`);
    if (answer.error) throw new Error(String((answer.error as Json).message));
    return answer.result as Json;
  }

  /**
   * Passes a list change of the server (`notifications/tools/list_changed` or
   * `.../resources/list_changed`) on to the view once it is initialized (the draft's
   * Server → Host → App flow); other notifications are not the view's.
   */
  serverListChanged(method: string): void {
    if (this.initialized && SERVER_LIST_CHANGES.has(method)) this.post({ method });
  }

  /** Sends the tool's result (now, or once the view is initialized). */
  toolResult(result: Json): void {
    this.deliver({ method: 'ui/notifications/tool-result', params: result });
  }

  /** Tells the view its tool call was cancelled. */
  toolCancelled(reason: string): void {
    this.deliver({ method: 'ui/notifications/tool-cancelled', params: { reason } });
  }

  /** Asks the view to tear down (waits briefly for its answer), then removes it. */
  async teardown(reason = 'closed'): Promise<void> {
    if (this.initialized) await this.request('ui/resource-teardown', { reason }, 1000);
    this.close();
  }

  /** A request to the view; its answer, or undefined when it did not come in `timeoutMs`. */
  private request(method: string, params: Json, timeoutMs: number): Promise<Json | undefined> {
    const id = this.nextId++;
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiting.delete(id);
        resolve(undefined);
      }, timeoutMs);
      this.waiting.set(id, (message) => {
        clearTimeout(timer);
        this.waiting.delete(id);
        resolve(message);
      });
      this.post({ id, method, params });
    });
  }

  private sendInput(): void {
    this.inputSent = true;
    this.post({ method: 'ui/notifications/tool-input', params: { arguments: this.options.args } });
    if (this.pendingResult) this.post(this.pendingResult);
    this.pendingResult = undefined;
  }

  /** Lists the view's own tools for the page (when it offers any). */
  private async listViewTools(): Promise<void> {
    if (!this.appCapabilities.tools || !this.options.onViewTools) return;
    const answer = await this.request('tools/list', {}, VIEW_ANSWER_MS);
    const tools = (answer?.result as Json | undefined)?.tools;
    if (Array.isArray(tools)) this.options.onViewTools(tools as Json[]);
  }

  /** A method this host does not speak: noted once per method for this view. */
  private refuse(method: string): void {
    if (this.refused.has(method)) return;
    this.refused.add(method);
    this.options.onEvent(`refused ${method}`, { code: -32601 });
  }

  private theme(): 'dark' | 'light' {
    return this.darkScheme.matches ? 'dark' : 'light';
  }

  private close(): void {
    window.removeEventListener('message', this.listener);
    this.darkScheme.removeEventListener('change', this.schemeChanged);
    this.port?.close();
    this.port = undefined;
    this.iframe.remove();
  }

  /** A message of the proxy: the view's JSON-RPC, or the proxy's own notice. */
  private fromProxy(data: Json): void {
    if (data?.sandbox === 'closed') {
      this.options.onEvent('view closed', { reason: data.reason });
      this.close();
    } else if (data?.sandbox === 'refused') {
      this.options.onEvent('csp entries refused', data.entries);
    } else void this.receive(data);
  }

  private deliver(notification: { method: string; params: Json }): void {
    if (this.initialized && this.inputSent) this.post(notification);
    else this.pendingResult = notification;
  }

  private post(message: Json): void {
    this.port?.postMessage({ jsonrpc: '2.0', ...message });
  }

  private async receive(message: Json): Promise<void> {
    if (!message || message.jsonrpc !== '2.0') return;
    const { id, method } = message as { id?: number; method?: string };
    if (method === undefined) {
      if (typeof id === 'number') this.waiting.get(id)?.(message);
      return;
    }
    const params = (message.params ?? {}) as Json;
    if (id === undefined) return this.notified(method, params);
    try {
      this.post({ id, result: await this.answer(method, params) });
    } catch (error) {
      const code = (error as { code?: number }).code ?? -32603;
      this.post({ id, error: { code, message: (error as Error).message } });
    }
  }

  private notified(method: string, params: Json): void {
    switch (method) {
      case 'ui/notifications/initialized':
        if (this.initialized) return;
        this.initialized = true;
        if (this.options.args !== undefined) this.sendInput();
        else if (this.pendingPartial) this.toolInputPartial(this.pendingPartial);
        void this.listViewTools();
        return;
      case 'notifications/tools/list_changed':
        void this.listViewTools();
        return;
      case 'ui/notifications/size-changed': {
        const height = Number(params.height);
        if (Number.isFinite(height) && height > 0)
          this.iframe.style.height = `${Math.min(height, 2000)}px`;
        return;
      }
      case 'ui/notifications/request-teardown':
        void this.teardown('requested by the view');
        return;
      case 'notifications/message':
        this.options.onEvent('log', params);
        return;
      default:
        if (method.startsWith('ui/')) this.refuse(method);
        else this.options.onEvent(method, params);
    }
  }

  private async answer(method: string, params: Json): Promise<Json> {
    switch (method) {
      case 'ui/initialize':
        this.appCapabilities = (params.appCapabilities as Json | undefined) ?? {};
        return {
          protocolVersion: PROTOCOL_VERSIONS.includes(String(params.protocolVersion))
            ? params.protocolVersion
            : PROTOCOL_VERSIONS[0],
          hostInfo: { name: 'nestjs-mcp-explorer', version: '1.0.0' },
          hostCapabilities: {
            serverTools: { listChanged: true },
            serverResources: { listChanged: true },
            ...(this.options.sample && { sampling: {} }),
            logging: {},
            openLinks: {},
            downloadFile: {},
            message: { text: {} },
            updateModelContext: { text: {} },
          },
          hostContext: {
            toolInfo: { tool: this.options.tool },
            theme: this.theme(),
            displayMode: 'inline',
            availableDisplayModes: ['inline'],
            containerDimensions: { maxHeight: 2000 },
            locale: navigator.language,
            timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
            platform: 'web',
            userAgent: 'nestjs-mcp-explorer',
          },
        };
      case 'ping':
        return {};
      case 'tools/call': {
        const name = String(params.name);
        const tool = this.options.tools().find((t) => t.name === name);
        const visibility = ((tool?._meta as Json | undefined)?.ui as Json | undefined)?.visibility;
        if (!tool) throw Object.assign(new Error(`Unknown tool: ${name}`), { code: -32602 });
        if (Array.isArray(visibility) && !visibility.includes('app')) {
          throw Object.assign(new Error(`Tool ${name} is not callable by apps`), { code: -32600 });
        }
        this.options.onEvent('tools/call', { name, arguments: params.arguments });
        return this.options.callTool(name, (params.arguments as Json) ?? {});
      }
      case 'tools/list':
        return {
          tools: this.options.tools().filter((t) => {
            const v = ((t._meta as Json | undefined)?.ui as Json | undefined)?.visibility;
            return !Array.isArray(v) || v.includes('app');
          }),
        };
      case 'resources/read':
        return this.options.readResource(String(params.uri));
      case 'ui/open-link': {
        const url = URL.canParse(String(params.url)) ? new URL(String(params.url)) : undefined;
        if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
          throw Object.assign(new Error('Invalid URL'), { code: -32602 });
        }
        if (!(await this.options.openLink(url))) {
          throw Object.assign(new Error('Link opening denied by user'), { code: -32000 });
        }
        return {};
      }
      case 'ui/download-file': {
        // Each entry asked for in turn; a refusal is a result with isError, as the spec types it.
        for (const download of downloadsOf(params)) {
          const done =
            'file' in download
              ? await this.options.saveFile(download.file)
              : await this.options.openLink(download.url);
          if (!done) return { isError: true };
        }
        return {};
      }
      case 'ui/message':
      case 'ui/update-model-context':
        this.options.onEvent(method, params);
        return {};
      case 'ui/request-display-mode':
        return { mode: 'inline' };
      case 'sampling/createMessage':
        if (!this.options.sample) break;
        this.options.onEvent(method, params);
        return answerSampling(params, this.options.sample);
    }
    this.refuse(method);
    throw Object.assign(new Error(`Method not found: ${method}`), { code: -32601 });
  }
}
