import type { JsonRpcMessage, JsonRpcRequest } from '../../protocol/json-rpc.js';

/** Methods that only read: running one twice changes nothing. */
const READ_METHODS: ReadonlySet<string> = new Set([
  'ping',
  'tools/list',
  'prompts/list',
  'resources/list',
  'resources/templates/list',
  'resources/read',
]);

/**
 * Which requests a broker client may send again after the replica serving them died: the read
 * methods above, and `tools/call` of a tool the service annotates `readOnlyHint: true` or
 * `idempotentHint: true`. The annotations are learned from the `tools/list` results that pass
 * through the transport (the client lists before it calls), so nothing is configured twice.
 */
export class IdempotentCalls {
  private readonly tools = new Set<string>();

  /** Whether `request` may run twice without harm. */
  allows(request: JsonRpcRequest): boolean {
    if (READ_METHODS.has(request.method)) return true;
    if (request.method !== 'tools/call') return false;
    const name = (request.params as { name?: unknown } | undefined)?.name;
    return typeof name === 'string' && this.tools.has(name);
  }

  /** Learns the tools' annotations from the response to a `tools/list` request. */
  learn(request: JsonRpcRequest, response: JsonRpcMessage): void {
    if (request.method !== 'tools/list' || !('result' in response)) return;
    const tools = (response.result as { tools?: unknown }).tools;
    if (!Array.isArray(tools)) return;
    for (const tool of tools as Array<{ name?: unknown; annotations?: Record<string, unknown> }>) {
      if (typeof tool?.name !== 'string') continue;
      const hints = tool.annotations;
      if (hints?.['readOnlyHint'] === true || hints?.['idempotentHint'] === true) {
        this.tools.add(tool.name);
      } else {
        this.tools.delete(tool.name);
      }
    }
  }
}
