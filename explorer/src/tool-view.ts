// A tool's MCP App view: which view a tool names, and rendering it under the tool's panel through
// our host side of the ui/* protocol (app-host.ts), with the view's own tools as buttons.
import { ViewHost, type ViewMeta } from './app-host.js';
import { h } from './dom.js';
import { openLinkWithConsent, saveFileWithConsent } from './link-dialog.js';
import { state, type Json } from './page-state.js';
import { errorText } from './result-output.js';
import { answerServerRequest, answerViewSampling } from './server-request-dialog.js';

/** The `ui://` view a tool names in `_meta.ui.resourceUri` (or legacy `ui/resourceUri`), if any. */
export function viewOf(tool: Json): string | undefined {
  const meta = tool._meta as Json | undefined;
  const uri = (meta?.ui as Json | undefined)?.resourceUri ?? meta?.['ui/resourceUri'];
  return typeof uri === 'string' ? uri : undefined;
}

/**
 * Reads the view resource and renders it in `box` for a call of `tool` (or shows the error):
 * with `args` for a call made, without while its input is still being typed.
 */
export async function mountView(
  box: HTMLElement,
  tool: Json,
  uri: string,
  args?: Json,
): Promise<void> {
  const client = state.client!;
  try {
    const read = await client.request('resources/read', { uri });
    const contents = ((read.contents as Json[]) ?? []).find(
      (c) => c.mimeType === 'text/html;profile=mcp-app',
    );
    if (!contents) throw new Error(`${uri} is not an MCP App view`);
    const html =
      typeof contents.text === 'string' ? contents.text : atob(String(contents.blob ?? ''));
    const listed = state.lists.resources.find((r) => r.uri === uri);
    const meta = ((contents._meta as Json | undefined)?.ui ??
      (listed?._meta as Json | undefined)?.ui ??
      {}) as ViewMeta;
    const events = h('ol', { id: 'view-events', class: 'logs' });
    const note = (kind: string, detail: unknown) =>
      events.append(h('li', {}, `${kind} ${JSON.stringify(detail)}`));
    const viewTools = h('div', { id: 'view-tools', class: 'actions' });
    box.replaceChildren();
    state.view = new ViewHost(box, {
      html,
      sandbox: state.sandbox,
      meta,
      tool,
      args,
      tools: () => state.lists.tools,
      callTool: (name, callArgs) =>
        client.request(
          'tools/call',
          { name, arguments: callArgs },
          { onServerRequest: answerServerRequest },
        ),
      readResource: (resourceUri) => client.request('resources/read', { uri: resourceUri }),
      openLink: openLinkWithConsent,
      saveFile: saveFileWithConsent,
      onEvent: note,
      onViewTools: (tools) =>
        viewTools.replaceChildren(...tools.map((t) => viewToolButton(t, note))),
      sample: (params) => answerViewSampling(params, String(tool.name)),
    });
    box.append(viewTools, events);
  } catch (error) {
    box.replaceChildren(h('p', { class: 'error' }, errorText(error)));
  }
}

/** A button calling one of the view's own tools (with no arguments) and noting the result. */
function viewToolButton(tool: Json, note: (kind: string, detail: unknown) => void): HTMLElement {
  const name = String(tool.name);
  const call = async () => {
    try {
      note(`view tool ${name}`, await state.view!.callViewTool(name, {}));
    } catch (error) {
      note(`view tool ${name} failed`, errorText(error));
    }
  };
  return h(
    'button',
    {
      type: 'button',
      class: 'small',
      'data-view-tool': name,
      title: String(tool.description ?? ''),
      onclick: call,
    },
    `view tool: ${name}`,
  );
}
