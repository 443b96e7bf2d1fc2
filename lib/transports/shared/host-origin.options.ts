/**
 * DNS-rebinding protection settings, shared by every server transport reachable from a browser
 * (Streamable HTTP, HTTP+SSE, WebSocket): each transport's options extend this type.
 */
export interface HostOriginOptions {
  /** Validate `Host` and `Origin` against DNS rebinding. Default `true`. */
  dnsRebindingProtection?: boolean;
  /** Extra accepted `Host` values (`host` or `host:port`); loopback names are always accepted on loopback. */
  allowedHosts?: string[];
  /**
   * Extra accepted `Origin` values (`https://app.example.com`), one list for Streamable HTTP,
   * HTTP+SSE and WebSocket. Always accepted: no `Origin`, and the server's own origin (same-origin
   * with `Host`; on a loopback server also another loopback name with the same port). A loopback
   * page on another port (another local app, the Inspector's direct mode at
   * `http://localhost:6274`) must be listed. Default `[]`.
   */
  allowedOrigins?: string[];
}

/** {@link HostOriginOptions} with defaults applied, lower-cased into sets for the guard. */
export interface ResolvedHostOriginOptions {
  dnsRebindingProtection: boolean;
  allowedHosts: ReadonlySet<string>;
  allowedOrigins: ReadonlySet<string>;
}

/** Applies the defaults once, at construction. */
export function resolveHostOriginOptions(
  options: HostOriginOptions = {},
): ResolvedHostOriginOptions {
  return {
    dnsRebindingProtection: options.dnsRebindingProtection ?? true,
    allowedHosts: new Set((options.allowedHosts ?? []).map((h) => h.toLowerCase())),
    allowedOrigins: new Set((options.allowedOrigins ?? []).map((o) => o.toLowerCase())),
  };
}

/** The {@link HostOriginOptions} entries of a larger options object (for passing them on). */
export function pickHostOriginOptions(options: HostOriginOptions): HostOriginOptions {
  return {
    dnsRebindingProtection: options.dnsRebindingProtection,
    allowedHosts: options.allowedHosts,
    allowedOrigins: options.allowedOrigins,
  };
}
