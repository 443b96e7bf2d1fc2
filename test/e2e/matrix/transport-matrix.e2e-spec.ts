import { ErrorCode, LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/sdk/types.js';
import { firstValueFrom, toArray } from 'rxjs';
import { McpError, RequestCancelledError } from '../../../lib/index.js';
import { waitFor, within } from '../support/wait.js';
import { waitForAbort, waitForStart } from './support/cancellation.js';
import { connectLibPeer, type LibPeer } from './support/lib-peer.js';
import {
  COUNTER_URI,
  expectedInfoLogs,
  expectedProgress,
  expectedToolCallEvents,
  MATRIX_CAPABILITIES,
  MATRIX_ELICIT_TEXT,
  MATRIX_INSTRUCTIONS,
  MATRIX_LISTS,
  MATRIX_SAMPLING_MODEL,
  MATRIX_SERVER_INFO,
  mapLists,
  pageSizes,
  resultText,
  uniqueKey,
} from './support/matrix-expectations.js';
import {
  MATRIX_TRANSPORTS,
  startMatrixServer,
  type MatrixServer,
} from './support/matrix-server.js';
import { walkSdkLists } from './support/sdk-lists.js';
import { connectSdkPeer, type SdkPeer } from './support/sdk-peer.js';
import { provideGlobalWebSocket } from './support/sdk-websocket.js';

/**
 * Ceiling of the hooks that start a server and connect to it: over stdio that spawns the built
 * sample, which took more than the global 30 s once in CI while the client conformance run kept
 * the two cores busy (load average 13.8). A ceiling for a loaded machine, not a timing assert.
 */
const SPAWN_CEILING_MS = 90_000;

/**
 * The same scenarios over every transport, each driven by the official SDK client for it, against
 * one server module (`sample/07-matrix-stdio`): in process for HTTP, SSE and WebSocket, the built
 * sample over stdio.
 */
describe.each(MATRIX_TRANSPORTS)('transport matrix: official SDK client over %s', (transport) => {
  let server: MatrixServer;
  let peer: SdkPeer;
  let restoreWebSocket: () => void;

  beforeAll(async () => {
    restoreWebSocket = provideGlobalWebSocket();
    server = await startMatrixServer(transport);
    peer = await connectSdkPeer(server);
  }, SPAWN_CEILING_MS);

  afterAll(async () => {
    await peer?.close();
    await server?.close();
    restoreWebSocket?.();
  });

  it('handshake: serverInfo, capabilities, instructions and the negotiated revision', () => {
    expect(peer.client.getServerVersion()).toMatchObject(MATRIX_SERVER_INFO);
    expect(peer.client.getServerCapabilities()).toEqual(MATRIX_CAPABILITIES);
    expect(peer.client.getInstructions()).toBe(MATRIX_INSTRUCTIONS);
    expect(peer.tap.initializeResult()?.protocolVersion).toBe(LATEST_PROTOCOL_VERSION);
  });

  it('tools: progress and logs of a call, filtered by logging/setLevel', async () => {
    await peer.client.setLoggingLevel('info');
    peer.logs.length = 0;
    const gate = uniqueKey(transport);
    const progress: unknown[] = [];
    const call = peer.client.callTool({ name: 'count', arguments: { steps: 4, gate } }, undefined, {
      onprogress: (p) => progress.push(p),
    });
    // The tool pauses after step 1 until the gate opens: progress arrives while it runs.
    await waitFor(() => progress.length > 0, { description: 'progress of the running call' });
    await peer.client.callTool({ name: 'open_gate', arguments: { key: gate } });
    expect(resultText(await call)).toBe('counted to 4');
    // typescript-sdk#2580: the SDK v1 client drops progress read together with the result, so
    // it delivers a non-empty, increasing prefix; the wire carried all four before the result.
    expect(progress).toEqual(expectedProgress(4).slice(0, progress.length));
    const request = peer.tap.toolCall('count', { gate });
    expect(peer.tap.progressBeforeResponse(request)).toEqual([1, 2, 3, 4]);
    await waitFor(() => peer.logs.length >= 4, { description: 'four log messages' });
    expect(peer.logs).toEqual(expectedInfoLogs(4));
  });

  it('sampling: a tool asks the client model', async () => {
    const result = await peer.client.callTool({ name: 'ask_model', arguments: { prompt: 'hi' } });
    expect(resultText(result)).toBe(`${MATRIX_SAMPLING_MODEL}: echo hi`);
    expect(peer.sampled).toEqual(['hi']);
  });

  it('elicitation: a tool asks the user', async () => {
    const result = await peer.client.callTool({ name: 'ask_user', arguments: { question: '?' } });
    expect(resultText(result)).toBe(MATRIX_ELICIT_TEXT);
    expect(peer.elicited).toEqual(['?']);
  });

  it('resources: reads, templates and subscription updates', async () => {
    // A fresh server per transport: the counter starts at 0.
    await peer.notificationsReady;
    await peer.client.subscribeResource({ uri: COUNTER_URI });
    const bumped = await peer.client.callTool({ name: 'bump_counter', arguments: { by: 5 } });
    expect(bumped.structuredContent).toEqual({ counter: 5 });
    await waitFor(() => peer.updates.includes(COUNTER_URI), { description: 'the update' });
    const read = await peer.client.readResource({ uri: COUNTER_URI });
    expect(read.contents).toEqual([
      { uri: COUNTER_URI, mimeType: 'application/json', text: '{"counter":5}' },
    ]);
    await peer.client.unsubscribeResource({ uri: COUNTER_URI });

    const note = await peer.client.readResource({ uri: 'matrix://notes/todo' });
    expect(note.contents).toEqual([
      { uri: 'matrix://notes/todo', mimeType: 'text/plain', text: 'note todo' },
    ]);
  });

  it('prompts: get with arguments, and completion of prompt and template arguments', async () => {
    const prompt = await peer.client.getPrompt({
      name: 'greet',
      arguments: { name: 'Ada', language: 'french' },
    });
    expect(prompt.messages).toEqual([
      { role: 'user', content: { type: 'text', text: 'Greet Ada in french.' } },
    ]);
    const language = await peer.client.complete({
      ref: { type: 'ref/prompt', name: 'greet' },
      argument: { name: 'language', value: 'e' },
    });
    expect(language.completion.values).toEqual(['english', 'esperanto']);
    const note = await peer.client.complete({
      ref: { type: 'ref/resource', uri: 'matrix://notes/{name}' },
      argument: { name: 'name', value: 't' },
    });
    expect(note.completion.values).toEqual(['todo', 'tips']);
  });

  it('cancellation: aborting the call fires the server tool’s AbortSignal', async () => {
    const key = uniqueKey(transport);
    const controller = new AbortController();
    const call = peer.client.callTool({ name: 'wait_for_cancel', arguments: { key } }, undefined, {
      signal: controller.signal,
    });
    call.catch(() => undefined); // asserted below
    await waitForStart(() => peer.readCancellation(key));
    controller.abort('matrix stop');
    await expect(call).rejects.toThrow(/matrix stop/);
    await expect(waitForAbort(() => peer.readCancellation(key))).resolves.toEqual({
      started: true,
      aborted: true,
      reason: expect.stringContaining('matrix stop'),
    });
    const request = peer.tap.toolCall('wait_for_cancel', { key });
    expect(peer.tap.cancelledRequestIds()).toEqual([request?.id]);
  });

  it('pagination: every list comes in pages of 2 and walks to the end', async () => {
    const pages = await walkSdkLists(peer.client);
    expect(mapLists(pages, (list) => list.map((page) => page.length))).toEqual(
      mapLists(MATRIX_LISTS, (names) => pageSizes(names.length)),
    );
    expect(mapLists(pages, (list) => list.flat().sort())).toEqual(MATRIX_LISTS);
    await expect(peer.client.listTools({ cursor: 'not-a-cursor' })).rejects.toMatchObject({
      code: ErrorCode.InvalidParams,
    });
  });
});

/**
 * A smaller core flow with our own McpClient and the lib's client transport for each transport:
 * it receives every progress notification (no SDK dispatch quirk), in order.
 */
describe.each(MATRIX_TRANSPORTS)('transport matrix: McpClient over %s', (transport) => {
  let server: MatrixServer;
  let peer: LibPeer;

  beforeAll(async () => {
    server = await startMatrixServer(transport);
    peer = await connectLibPeer(server);
  }, SPAWN_CEILING_MS);

  afterAll(async () => {
    await peer?.close();
    await server?.close();
  });

  it('handshake: serverInfo, capabilities and the negotiated revision', () => {
    expect(peer.client.serverInfo).toMatchObject(MATRIX_SERVER_INFO);
    expect(peer.client.serverCapabilities).toEqual(MATRIX_CAPABILITIES);
    expect(peer.client.protocolVersion).toBe('2025-11-25');
  });

  it('delivers every progress notification, in order, then the result, and the filtered logs', async () => {
    await peer.client.setLogLevel('info');
    peer.logs.length = 0;
    const progress: unknown[] = [];
    const result = await peer.client.callTool(
      'count',
      { steps: 4 },
      { onProgress: (p) => progress.push(p) },
    );
    expect(resultText(result)).toBe('counted to 4');
    expect(progress).toEqual(expectedProgress(4));
    expect(peer.logs).toEqual(expectedInfoLogs(4));

    const events = await firstValueFrom(
      peer.client.callTool$('count', { steps: 3 }).pipe(toArray()),
    );
    expect(events).toEqual(expectedToolCallEvents(3));
  });

  it('answers sampling and elicitation, and receives subscription updates', async () => {
    const sampled = await peer.client.callTool('ask_model', { prompt: 'hey' });
    expect(resultText(sampled)).toBe(`${MATRIX_SAMPLING_MODEL}: echo hey`);
    const elicited = await peer.client.callTool('ask_user', { question: 'who?' });
    expect(resultText(elicited)).toBe(MATRIX_ELICIT_TEXT);

    await peer.notificationsReady();
    await peer.client.subscribeResource(COUNTER_URI);
    const update = firstValueFrom(peer.client.resourceUpdated$(COUNTER_URI));
    await peer.client.callTool('bump_counter', { by: 2 });
    await expect(within(update, 5000, 'the update')).resolves.toBe(COUNTER_URI);
  });

  it('cancellation: aborting the call fires the server tool’s AbortSignal', async () => {
    const key = uniqueKey(`ours-${transport}`);
    const controller = new AbortController();
    const call = peer.client.callTool('wait_for_cancel', { key }, { signal: controller.signal });
    call.catch(() => undefined); // asserted below
    await waitForStart(() => peer.readCancellation(key));
    controller.abort('ours stop');
    await expect(call).rejects.toBeInstanceOf(RequestCancelledError);
    const record = await waitForAbort(() => peer.readCancellation(key));
    expect(record.reason).toContain('ours stop');
  });

  it('pagination: pages of 2, walked by listAll*, and a bad cursor is -32602', async () => {
    const first = await peer.client.listTools();
    expect(first.tools).toHaveLength(2);
    expect(first.nextCursor).toEqual(expect.any(String));
    const tools = await peer.client.listAllTools();
    expect(tools.map((t) => t.name).sort()).toEqual(MATRIX_LISTS.tools);
    const templates = await peer.client.listAllResourceTemplates();
    expect(templates.map((t) => t.uriTemplate).sort()).toEqual(MATRIX_LISTS.resourceTemplates);
    await expect(peer.client.listPrompts('not-a-cursor')).rejects.toMatchObject({
      name: McpError.name,
      code: -32602,
    });
  });
});
