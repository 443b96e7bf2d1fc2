import type { McpServerPort } from '../server-port/mcp-server-port.interface.js';
import type { HostOriginRefusal } from './host-origin-guard.js';

/**
 * Logs a Host/Origin refusal (403) at `warn`, once per refused value, naming the option that
 * would accept it: a server deployed behind a domain or proxy otherwise fails without a word.
 */
export function logHostOriginRefusal(
  server: Pick<McpServerPort, 'reportClientErrorOnce'>,
  refusal: HostOriginRefusal,
  context: string,
): void {
  server.reportClientErrorOnce?.(
    'Host/Origin refusals',
    `${refusal.header} ${refusal.value}`,
    () =>
      `${context} refused with 403: ${refusal.reason} (${refusal.rule}). To accept it, set ` +
      `${refusal.allowWith} (or dnsRebindingProtection: false). Each refused value is logged once.`,
  );
}
