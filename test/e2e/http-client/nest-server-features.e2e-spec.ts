import { lastValueFrom, toArray } from 'rxjs';
import type { McpProgressEvent } from '../../../lib/client/mcp-client-events.interface.js';
import type { TestApp } from '../support/app.js';
import { EMITTED_LOG_LEVELS, TEST_TOOL_COUNT } from '../support/test-tools.js';
import { waitFor } from '../support/wait.js';
import { connectHttpClient, type HttpTestClient } from './support/connect.js';
import { startNestServer } from './support/nest-app.js';

const README = 'test://static/readme';
const LICENSE = 'test://static/license';

/** Our McpClient + StreamableHttpClientTransport against our own Nest MCP server. */
describe.each(['auto', 'json', 'sse'] as const)(
  'McpClient over Streamable HTTP (responseMode %s)',
  (responseMode) => {
    let server: TestApp;
    let peer: HttpTestClient;
    const answers = { sampling: 0, elicitation: 0 };

    beforeAll(async () => {
      server = await startNestServer({ responseMode, pageSize: 2 });
      peer = await connectHttpClient(server.url, {
        sampling: (params) => {
          answers.sampling++;
          const content = params.messages[0]?.content as { text?: string };
          return {
            role: 'assistant',
            model: 'test-model',
            content: { type: 'text', text: `re: ${content.text}` },
          };
        },
        elicitation: (params) => {
          answers.elicitation++;
          return { action: 'accept', content: { name: `Ann (${params.message})`, age: 30 } };
        },
      });
      // Unrelated notifications (and, in 'json' mode, everything a JSON reply cannot carry) use
      // the standalone GET stream: wait until it is connected.
      await waitFor(() => peer.transport.hasStandaloneStream, {
        description: 'the standalone stream',
      });
    });

    afterAll(async () => {
      await peer?.close();
      await server?.close();
    });

    it('completes the handshake and keeps the session id', async () => {
      expect(peer.client.currentState).toBe('ready');
      expect(peer.client.serverInfo).toMatchObject({ name: 'e2e-server', version: '1.0.0' });
      expect(peer.client.protocolVersion).toBe('2025-11-25');
      expect(peer.transport.sessionId).toMatch(/^[\x21-\x7e]+$/);
      expect(await server.handler.sessions.find(peer.transport.sessionId!)).toBeDefined();
    });

    it('lists every tool across pages of 2 and calls tools', async () => {
      const first = await peer.client.listTools();
      expect(first.tools).toHaveLength(2);
      expect(first.nextCursor).toEqual(expect.any(String));
      const tools = await peer.client.listAllTools();
      expect(tools).toHaveLength(TEST_TOOL_COUNT);
      expect(new Set(tools.map((t) => t.name)).size).toBe(TEST_TOOL_COUNT);
      expect(await peer.client.callTool('echo', { text: 'hi' })).toEqual({
        content: [{ type: 'text', text: 'echo: hi' }],
      });
      const sum = await peer.client.callTool('add', { a: 2, b: 3 });
      expect(sum.structuredContent).toEqual({ sum: 5 });
    });

    it('delivers progress through callTool$, then the result', async () => {
      const late: McpProgressEvent[] = [];
      const subscription = peer.client.progress$.subscribe((p) => late.push(p));
      const events = await lastValueFrom(
        peer.client.callTool$('progress_logs', { steps: 3 }).pipe(toArray()),
      );
      expect(events.at(-1)).toEqual({
        type: 'result',
        result: { content: [{ type: 'text', text: 'did 3 steps' }] },
      });
      const inCall = events.filter((e) => e.type === 'progress').map((e) => e.progress);
      if (responseMode === 'json') {
        // A JSON reply carries no progress: it travels on the GET stream and may trail the result.
        await waitFor(() => inCall.length + late.length === 3, {
          description: 'three progress events',
        });
        expect([...inCall, ...late.map((p) => p.progress)].sort()).toEqual([1, 2, 3]);
      } else expect(inCall).toEqual([1, 2, 3]);
      subscription.unsubscribe();
    });

    it('delivers server log messages on logs$', async () => {
      const levels: string[] = [];
      const subscription = peer.client.logs$.subscribe((log) => levels.push(log.level));
      await peer.client.setLogLevel('debug');
      await peer.client.callTool('progress_logs', { steps: 1 });
      await waitFor(() => levels.length >= EMITTED_LOG_LEVELS.length, {
        description: 'the log messages',
      });
      expect([...levels].sort()).toEqual([...EMITTED_LOG_LEVELS].sort());
      subscription.unsubscribe();
    });

    it('answers sampling requests with its handler', async () => {
      const result = await peer.client.callTool('ask_model', { prompt: 'why?' });
      expect(result.content).toEqual([{ type: 'text', text: 'model test-model said: re: why?' }]);
      expect(answers.sampling).toBeGreaterThan(0);
    });

    it('answers elicitation requests with its handler', async () => {
      const result = await peer.client.callTool('ask_user', { question: 'who?' });
      expect(result.content).toEqual([{ type: 'text', text: 'user is Ann (who?), 30' }]);
      expect(answers.elicitation).toBeGreaterThan(0);
    });

    it('receives resource updates after subscribing, none after unsubscribing', async () => {
      const updates: string[] = [];
      const subscriptions = [README, LICENSE].map((uri) =>
        peer.client.resourceUpdated$(uri).subscribe(() => updates.push(uri)),
      );
      await peer.client.subscribeResource(README);
      await peer.client.subscribeResource(LICENSE);
      await peer.client.callTool('touch_resource', { uri: README });
      await waitFor(() => updates.length === 1, { description: 'the first update' });
      await peer.client.unsubscribeResource(README);
      await peer.client.callTool('touch_resource', { uri: README });
      await peer.client.callTool('touch_resource', { uri: LICENSE });
      // Updates share the standalone stream, in order: once LICENSE's arrived, README's would have.
      await waitFor(() => updates.includes(LICENSE), { description: 'the LICENSE update' });
      expect(updates).toEqual([README, LICENSE]);
      await peer.client.unsubscribeResource(LICENSE);
      for (const subscription of subscriptions) subscription.unsubscribe();
    });

    it('reads resources and gets prompts', async () => {
      const resource = await peer.client.readResource(README);
      expect(resource.contents).toEqual([
        { uri: README, mimeType: 'text/plain', text: 'the readme' },
      ]);
      const prompt = await peer.client.getPrompt('summarise', { topic: 'mcp' });
      expect(prompt.messages[0]?.content).toEqual({ type: 'text', text: 'Summarise mcp.' });
    });

    it('reports no transport problems', () => {
      expect(peer.errors).toEqual([]);
    });
  },
);
