// A bare host page for the interop test: the official ext-apps AppBridge renders a view in a
// sandboxed iframe; tool calls from the view go to `window.callServerTool`, which the test binds
// to a real MCP client of the server. Bundled by vite (vite.config.mjs) when the test starts.
import { AppBridge, PostMessageTransport } from '@modelcontextprotocol/ext-apps/app-bridge';

interface Start {
  html: string;
  tool: { name: string; inputSchema: Record<string, unknown> };
  args: Record<string, unknown>;
  result: Record<string, unknown>;
}

declare global {
  interface Window {
    callServerTool(name: string, args: Record<string, unknown>): Promise<Record<string, unknown>>;
    startBridge(start: Start): Promise<void>;
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
  bridge.oninitialized = () => {
    void bridge.sendToolInput({ arguments: args });
    void bridge.sendToolResult(result as never);
  };
  await bridge.connect(new PostMessageTransport(iframe.contentWindow!, iframe.contentWindow!));
};
