// The host side of MCP Apps (io.modelcontextprotocol/ui), written for the explorer, as the
// specification asks of a web host: the view is rendered by a sandbox proxy on an origin apart
// from the page's (sandbox-proxy.ts, served by the app's sandbox listener), which loads it with
// its CSP as a header in an inner frame. The page speaks to the proxy only through a MessagePort
// of this mount (so no other frame, nor the view once it navigated, can speak for it), answers the
// extension's protocol (ui/initialize, tool input and result, size changes, teardown, open-link
// with the user's consent) and proxies the view's `tools/call` and `resources/read` to the server.

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
  /** The tool that the view renders (its descriptor) and the arguments it was called with. */
  tool: Json;
  args: Json;
  /** The server's tools as listed (a view may call only those visible to apps). */
  tools: () => Json[];
  callTool(name: string, args: Json): Promise<Json>;
  readResource(uri: string): Promise<Json>;
  /** Asks the person at the page whether to open `url` (an http or https URL) and opens it. */
  openLink(url: URL): Promise<boolean>;
  /** Everything the view says that the page shows: logs, messages, context updates. */
  onEvent(kind: string, detail: unknown): void;
}

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
  private pendingResult?: { method: string; params: Json };
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
    container.append(iframe);
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
    if (this.initialized) {
      const id = this.nextId++;
      await Promise.race([
        new Promise((resolve) => {
          this.waiting.set(id, resolve);
          this.post({ id, method: 'ui/resource-teardown', params: { reason } });
        }),
        new Promise((resolve) => setTimeout(resolve, 1000)),
      ]);
    }
    this.close();
  }

  private close(): void {
    window.removeEventListener('message', this.listener);
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
    if (this.initialized) this.post(notification);
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
        this.initialized = true;
        this.post({
          method: 'ui/notifications/tool-input',
          params: { arguments: this.options.args },
        });
        if (this.pendingResult) this.post(this.pendingResult);
        this.pendingResult = undefined;
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
      default:
        this.options.onEvent(method === 'notifications/message' ? 'log' : method, params);
    }
  }

  private async answer(method: string, params: Json): Promise<Json> {
    switch (method) {
      case 'ui/initialize':
        return {
          protocolVersion:
            typeof params.protocolVersion === 'string' ? params.protocolVersion : '2026-01-26',
          hostInfo: { name: 'nestjs-mcp-explorer', version: '1.0.0' },
          hostCapabilities: {
            serverTools: {},
            serverResources: {},
            logging: {},
            openLinks: {},
            message: { text: {} },
            updateModelContext: { text: {} },
          },
          hostContext: {
            toolInfo: { tool: this.options.tool },
            theme: matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light',
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
      case 'ui/message':
      case 'ui/update-model-context':
        this.options.onEvent(method, params);
        return {};
      case 'ui/request-display-mode':
        return { mode: 'inline' };
      default:
        throw Object.assign(new Error(`Method not found: ${method}`), { code: -32601 });
    }
  }
}
