// A bare host page for the interop tests: the official ext-apps AppBridge renders a view in a
// sandboxed iframe; tool calls from the view go to `window.callServerTool`, which the test binds
// to a real MCP client of the server. Bundled by vite (vite.config.mjs) when the test starts.
import { AppBridge, PostMessageTransport } from '@modelcontextprotocol/ext-apps/app-bridge';

interface Start {
  html: string;
  tool: { name: string; inputSchema: Record<string, unknown> };
  /** Sent as soon as the view is initialized, when given (else through `window.toView`). */
  args?: Record<string, unknown>;
  result?: Record<string, unknown>;
}

/** What the test sends to the view once it is initialized, one step at a time. */
type ToView =
  | { kind: 'partial'; arguments: Record<string, unknown> }
  | { kind: 'input'; arguments: Record<string, unknown> }
  | { kind: 'result'; result: Record<string, unknown> };

declare global {
  interface Window {
    callServerTool(name: string, args: Record<string, unknown>): Promise<Record<string, unknown>>;
    /** Renders the view; resolves once the view sent `ui/notifications/initialized`. */
    startBridge(start: Start): Promise<void>;
    toView(message: ToView): Promise<void>;
  }
}

window.startBridge = async ({ html, tool, args, result }) => {
  const iframe = document.createElement('iframe');
  iframe.setAttribute('sandbox', 'allow-scripts');
  iframe.id = 'view';
  iframe.style.cssText = 'width:480px;height:260px;border:1px solid #999';
  iframe.srcdoc = html;
  document.body.append(iframe);
  const bridge = new AppBridge(
    null,
    { name: 'interop-host', version: '1.0.0' },
    { serverTools: {} },
    {
      hostContext: { toolInfo: { tool: tool as never }, theme: 'light', displayMode: 'inline' },
    } as never,
  );
  bridge.oncalltool = async (params) =>
    (await window.callServerTool(params.name, params.arguments ?? {})) as never;
  window.toView = async (message) => {
    if (message.kind === 'partial') await bridge.sendToolInputPartial(message);
    else if (message.kind === 'input') await bridge.sendToolInput(message);
    else await bridge.sendToolResult(message.result as never);
  };
  const initialized = new Promise<void>((resolve) => {
    bridge.oninitialized = () => {
      if (args) void bridge.sendToolInput({ arguments: args });
      if (result) void bridge.sendToolResult(result as never);
      resolve();
    };
  });
  await bridge.connect(new PostMessageTransport(iframe.contentWindow!, iframe.contentWindow!));
  await initialized;
};
