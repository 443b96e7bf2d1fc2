import { TransportError } from '../../errors/transport.error.js';
import {
  scanMcpHeaderAnnotations,
  type ParamHeaderRule,
} from '../../protocol/modern/mcp-header-annotations.js';

/** A tool's header rules, or why its definition was refused. */
type Entry = readonly ParamHeaderRule[] | TransportError;

/**
 * The `x-mcp-header` rules of the tools a 2026-07-28 HTTP client has listed (SEP-2243). A tool
 * whose annotations are invalid is dropped from `tools/list` results (the spec's "exclude") and
 * refused by `tools/call` with a TransportError `protocol` naming the reason; the other tools stay
 * usable. A tool never listed has no rules yet: its call goes without `Mcp-Param-*` headers and,
 * when the server answers HeaderMismatch, the client lists the tools once and retries (the spec's
 * recovery path), so no call pays an extra `tools/list` up front.
 */
export class ToolHeaderRegistry {
  private readonly tools = new Map<string, Entry>();

  /** The rules of a listed tool (empty for one without annotations or never listed). */
  rulesFor(name: unknown): readonly ParamHeaderRule[] {
    const entry = typeof name === 'string' ? this.tools.get(name) : undefined;
    return entry instanceof TransportError || entry === undefined ? [] : entry;
  }

  /** True once the tool was seen in a `tools/list` result. */
  knows(name: unknown): boolean {
    return typeof name === 'string' && this.tools.has(name);
  }

  /** Why a tool must not be called, or undefined when it may. */
  refusal(name: unknown): TransportError | undefined {
    const entry = typeof name === 'string' ? this.tools.get(name) : undefined;
    return entry instanceof TransportError ? entry : undefined;
  }

  /**
   * Records the tools of one `tools/list` page and returns the result without the invalid ones;
   * `warn` receives one error per refused tool.
   */
  accept(result: unknown, warn: (error: Error) => void): unknown {
    const tools = (result as { tools?: unknown } | null)?.tools;
    if (!Array.isArray(tools)) return result;
    const valid = tools.filter((tool: { name?: unknown; inputSchema?: unknown }) => {
      if (typeof tool?.name !== 'string') return true; // the result check reports it
      try {
        this.tools.set(tool.name, scanMcpHeaderAnnotations(tool.inputSchema));
        return true;
      } catch (error) {
        const refused = new TransportError(
          `Tool "${tool.name}" is not usable: ${(error as Error).message}`,
          'protocol',
        );
        this.tools.set(tool.name, refused);
        warn(refused);
        return false;
      }
    });
    return valid.length === tools.length ? result : { ...(result as object), tools: valid };
  }
}
