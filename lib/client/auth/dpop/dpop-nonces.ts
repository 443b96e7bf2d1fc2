/**
 * The latest `DPoP-Nonce` each server gave (RFC 9449 §8 for authorization servers, §9 for
 * resource servers), keyed by origin: a nonce is only ever sent back to the server that issued it.
 */
export class DpopNonces {
  private readonly byOrigin = new Map<string, string>();

  /** The nonce to put in a proof for `url`, if its server gave one. */
  get(url: URL | string): string | undefined {
    return this.byOrigin.get(new URL(url).origin);
  }

  /** Keeps a `DPoP-Nonce` header value of a response from `url` (ignored when absent or blank). */
  remember(url: URL | string, nonce: string | null | undefined): void {
    const value = nonce?.trim();
    if (value) this.byOrigin.set(new URL(url).origin, value);
  }
}
