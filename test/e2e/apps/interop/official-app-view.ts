// A view written against the current official ext-apps `App` (bundled by vite into one script
// that the test's server inlines in its view): it shows the partial and the complete tool input,
// the tool result, calls a server tool through the host when its button is clicked, and asks the
// host to download a file, asks the host for a completion, and counts the server's tool list
// changes the host passes on. It also
// registers a tool of its own, which a host may list and call (the spec's app-provided tools).
import { App, PostMessageTransport } from '@modelcontextprotocol/ext-apps';

const show = (id: string, value: unknown) => {
  document.getElementById(id)!.textContent = JSON.stringify(value);
};
const partials: unknown[] = [];

const app = new App({ name: 'official-app-view', version: '1.0.0' }, { tools: {} });
app.addEventListener('toolinputpartial', (params) => {
  partials.push(params.arguments);
  show('partial', params.arguments);
  show('partial-count', partials.length);
});
app.addEventListener('toolinput', (params) => show('input', params.arguments));
app.addEventListener('toolresult', (params) => show('result', params.structuredContent));
app.addEventListener('hostcontextchanged', (params) => show('theme', params.theme));
app.oncalltool = async (params) => ({
  content: [{ type: 'text', text: `view state for ${String(params.name)}` }],
  structuredContent: { partials: partials.length },
});
app.onlisttools = async () => ({
  tools: [
    { name: 'view_state', description: 'What the view saw', inputSchema: { type: 'object' } },
  ],
});
document.getElementById('call')!.addEventListener('click', async () => {
  const result = await app.callServerTool({ name: 'echo_app', arguments: { text: 'from view' } });
  show('called', result.structuredContent);
});
document.getElementById('download')!.addEventListener('click', async () => {
  const result = await app.downloadFile({
    contents: [
      {
        type: 'resource',
        resource: {
          uri: 'file:///exports/report.json',
          mimeType: 'application/json',
          text: '{"a":1}',
        },
      },
    ],
  });
  show('downloaded', result);
});
// The server's tool list changing, as the host passes it on (serverTools.listChanged).
let toolsChanged = 0;
app.setNotificationHandler('notifications/tools/list_changed', () => {
  toolsChanged += 1;
  show('tools-changed', toolsChanged);
});
// A completion asked of the host (sampling/createMessage), once it says it offers sampling.
document.getElementById('sample')!.addEventListener('click', async () => {
  if (!app.getHostCapabilities()?.sampling) return show('sampled', 'no sampling');
  try {
    const result = await app.createSamplingMessage({
      messages: [{ role: 'user', content: { type: 'text', text: 'Name a colour' } }],
      maxTokens: 20,
    });
    show('sampled', result.content);
  } catch (error) {
    show('sampled', (error as Error).message);
  }
});
void app.connect(new PostMessageTransport(window.parent, window.parent)).then(() => {
  show('host', app.getHostVersion()?.name);
  show('theme', app.getHostContext()?.theme);
});
