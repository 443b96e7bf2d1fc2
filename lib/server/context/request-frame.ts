import type { TransportInfo } from '../../engine/transport-info.interface.js';

/** The parts of an HTTP request the frame reads (Node's `IncomingMessage`, Express's request). */
interface HttpRequestLike {
  url?: string;
  /** Express: the URL before routers rewrote `url`. */
  originalUrl?: string;
  /** Express: `http`/`https` as its `trust proxy` setting sees it. */
  protocol?: string;
  socket?: { encrypted?: boolean; localPort?: number };
}

type Headers = NonNullable<TransportInfo['headers']>;

/**
 * Read-only facts of the HTTP request behind a call (Hermes `frame.transport`): the POST that
 * carried it (Streamable HTTP in both eras, HTTP+SSE), the upgrade request (WebSocket), or the
 * stand-in of an in-memory test client (headers only). Each value is computed on first read.
 */
export class McpHttpFrame {
  private parsedUrl?: URL | null;
  private queryParams?: Readonly<Record<string, string | string[]>>;

  constructor(
    private readonly request: HttpRequestLike | undefined,
    /** Request headers, names lower-cased. */
    readonly headers: Readonly<Headers>,
    /** The client's address, when the transport knows it. */
    readonly remoteAddress: string | undefined,
  ) {}

  /** The first value of header `name` (case-insensitive), or undefined. */
  header(name: string): string | undefined {
    const value = this.headers[name.toLowerCase()];
    return Array.isArray(value) ? value[0] : value;
  }

  /** Query parameters of the request URL (a repeated name gives an array); `{}` when unknown. */
  get query(): Readonly<Record<string, string | string[]>> {
    if (!this.queryParams) {
      const query: Record<string, string | string[]> = Object.create(null);
      for (const [name, value] of this.url?.searchParams ?? []) {
        const seen = query[name];
        query[name] =
          seen === undefined ? value : [...(Array.isArray(seen) ? seen : [seen]), value];
      }
      this.queryParams = Object.freeze(query);
    }
    return this.queryParams;
  }

  /** The first value of query parameter `name`, or undefined. */
  queryParam(name: string): string | undefined {
    const value = this.query[name];
    return Array.isArray(value) ? value[0] : value;
  }

  /** The request path without the query (`/mcp`), or undefined when unknown. */
  get path(): string | undefined {
    return this.url?.pathname;
  }

  /**
   * `'https'` over TLS, else `'http'` (Express's `req.protocol` when present, which honours its
   * `trust proxy` setting); undefined without a socket (in-memory).
   */
  get scheme(): 'http' | 'https' | undefined {
    const protocol = this.request?.protocol;
    if (protocol === 'http' || protocol === 'https') return protocol;
    const socket = this.request?.socket;
    if (!socket) return undefined;
    return socket.encrypted ? 'https' : 'http';
  }

  /** The host name of the `Host` header, without its port (`[::1]` kept bracketed). */
  get host(): string | undefined {
    return this.hostHeader()?.replace(/:\d+$/, '');
  }

  /**
   * The port the client addressed: the `Host` header's, else the scheme's default (80, 443),
   * else the local port of the socket.
   */
  get port(): number | undefined {
    const explicit = /:(\d+)$/.exec(this.hostHeader() ?? '')?.[1];
    if (explicit) return Number(explicit);
    if (this.hostHeader() !== undefined && this.scheme) return this.scheme === 'https' ? 443 : 80;
    return this.request?.socket?.localPort;
  }

  private hostHeader(): string | undefined {
    const host = this.header('host');
    return host === undefined || host === '' ? undefined : host;
  }

  private get url(): URL | undefined {
    if (this.parsedUrl === undefined) {
      const raw = this.request?.originalUrl ?? this.request?.url;
      this.parsedUrl = raw === undefined ? null : safeUrl(raw);
    }
    return this.parsedUrl ?? undefined;
  }
}

function safeUrl(raw: string): URL | null {
  try {
    return new URL(raw, 'http://localhost');
  } catch {
    return null;
  }
}

/**
 * Read-only facts of a stdio server process (Hermes `frame.transport` for stdio): its
 * environment (a frozen copy, taken on first read) and process id.
 */
export class McpStdioFrame {
  private envCopy?: Readonly<Record<string, string>>;

  /** The process environment, frozen. */
  get env(): Readonly<Record<string, string>> {
    if (!this.envCopy) {
      const env: Record<string, string> = {};
      for (const [name, value] of Object.entries(process.env)) {
        if (value !== undefined) env[name] = value;
      }
      this.envCopy = Object.freeze(env);
    }
    return this.envCopy;
  }

  /** The id of the server process. */
  get pid(): number {
    return process.pid;
  }
}

/** The HTTP frame of `transport`, or undefined when the call did not come over HTTP (stdio). */
export function httpFrameOf(transport: TransportInfo): McpHttpFrame | undefined {
  if (!transport.headers) return undefined;
  return new McpHttpFrame(
    transport.request as HttpRequestLike | undefined,
    transport.headers,
    transport.remoteAddress,
  );
}
