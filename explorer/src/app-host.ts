// The host side of MCP Apps (io.modelcontextprotocol/ui), written for the explorer: renders a
// view's HTML in a sandboxed iframe (an opaque origin, the view's CSP from its `_meta.ui`), speaks
// the extension's postMessage protocol (ui/initialize, tool input and result, size changes,
// teardown) and proxies the view's `tools/call` and `resources/read` to the server.

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
  meta: ViewMeta;
  /** The tool that the view renders (its descriptor) and the arguments it was called with. */
  tool: Json;
  args: Json;
  /** The server's tools as listed (a view may call only those visible to apps). */
  tools: () => Json[];
  callTool(name: string, args: Json): Promise<Json>;
  readResource(uri: string): Promise<Json>;
  /** Everything the view says that the page shows: logs, messages, context updates. */
  onEvent(kind: string, detail: unknown): void;
}

const PERMISSION_FEATURES: Record<string, string> = {
  camera: 'camera',
  microphone: 'microphone',
  geolocation: 'geolocation',
  clipboardWrite: 'clipboard-write',
};

/** The Content-Security-Policy a view runs under: the spec's restrictive default plus its domains. */
export function viewCsp(csp: ViewMeta['csp'] = {}): string {
  const list = (domains: string[] | undefined, fallback: string) =>
    domains && domains.length > 0 ? domains.join(' ') : fallback;
  const resources = (csp.resourceDomains ?? []).join(' ');
  return [
    "default-src 'none'",
    `script-src 'self' 'unsafe-inline' ${resources}`,
    `style-src 'self' 'unsafe-inline' ${resources}`,
    `img-src 'self' data: ${resources}`,
    `font-src 'self' ${resources}`,
    `media-src 'self' data: ${resources}`,
    `connect-src ${list(csp.connectDomains, "'none'")}`,
    `frame-src ${list(csp.frameDomains, "'none'")}`,
    `base-uri ${list(csp.baseUriDomains, "'self'")}`,
    "object-src 'none'",
  ]
    .map((d) => d.trim())
    .join('; ');
}

function withCsp(html: string, csp: string): string {
  const tag = `<meta http-equiv="Content-Security-Policy" content="${csp.replace(/"/g, '&quot;')}">`;
  const head = /<head[^>]*>/i.exec(html);
  if (head)
    return (
      html.slice(0, head.index + head[0].length) + tag + html.slice(head.index + head[0].length)
    );
  const open = /<html[^>]*>/i.exec(html);
  if (open)
    return (
      html.slice(0, open.index + open[0].length) +
      `<head>${tag}</head>` +
      html.slice(open.index + open[0].length)
    );
  return tag + html;
}

/** One rendered view. */
export class ViewHost {
  readonly iframe: HTMLIFrameElement;
  private initialized = false;
  private pendingResult?: { method: string; params: Json };
  private nextId = 1;
  private readonly waiting = new Map<number, (message: Json) => void>();
  private readonly listener = (event: MessageEvent) => {
    if (event.source !== this.iframe.contentWindow) return;
    void this.receive(event.data as Json);
  };

  constructor(
    container: HTMLElement,
    private readonly options: ViewHostOptions,
  ) {
    const iframe = document.createElement('iframe');
    // No allow-same-origin: the view gets an opaque origin, apart from the page and the server.
    iframe.setAttribute('sandbox', 'allow-scripts allow-forms');
    const allow = Object.keys(options.meta.permissions ?? {})
      .map((p) => PERMISSION_FEATURES[p])
      .filter(Boolean);
    if (allow.length > 0) iframe.setAttribute('allow', allow.join('; '));
    iframe.className =
      options.meta.prefersBorder === false ? 'view-frame borderless' : 'view-frame';
    iframe.title = `MCP App view of ${String(options.tool.name)}`;
    iframe.srcdoc = withCsp(options.html, viewCsp(options.meta.csp));
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
    window.removeEventListener('message', this.listener);
    this.iframe.remove();
  }

  private deliver(notification: { method: string; params: Json }): void {
    if (this.initialized) this.post(notification);
    else this.pendingResult = notification;
  }

  private post(message: Json): void {
    this.iframe.contentWindow?.postMessage({ jsonrpc: '2.0', ...message }, '*');
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
      case 'ui/open-link':
        window.open(String(params.url), '_blank', 'noopener,noreferrer');
        return {};
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
