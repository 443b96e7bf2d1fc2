import { firstValueFrom, toArray } from 'rxjs';
import type { ToolCallEvent } from '../../../lib/index.js';
import { connectLibPeer, type LibPeer } from '../matrix/support/lib-peer.js';
import {
  MATRIX_ELICIT_ANSWER,
  MATRIX_ELICIT_TEXT,
  MATRIX_INSTRUCTIONS,
  MATRIX_LISTS,
  MATRIX_SAMPLING_MODEL,
  MATRIX_SERVER_INFO,
  resultText,
} from '../matrix/support/matrix-expectations.js';
import { startMatrixServer, type MatrixServer } from '../matrix/support/matrix-server.js';

/**
 * Our McpClient against our server in the 2026-07-28 era (`versionNegotiation: 'auto'`, the
 * default) over every transport that has a 2026 binding: discover, lists, calls, and the
 * sampling/elicitation tools served through MRTR rounds instead of server requests.
 */
describe.each(['streamable-http', 'websocket', 'stdio'] as const)(
  'McpClient in the 2026-07-28 era over %s',
  (transport) => {
    let server: MatrixServer;
    let peer: LibPeer;

    beforeAll(async () => {
      server = await startMatrixServer(transport);
      peer = await connectLibPeer(server, { versionNegotiation: 'auto' });
    });

    afterAll(async () => {
      await peer?.close();
      await server?.close();
    });

    it('negotiates the stateless era from server/discover', () => {
      expect(peer.client.era).toBe('modern');
      expect(peer.client.protocolVersion).toBe('2026-07-28');
      expect(peer.client.serverInfo).toMatchObject(MATRIX_SERVER_INFO);
      expect(peer.client.instructions).toBe(MATRIX_INSTRUCTIONS);
      expect(peer.client.serverCapabilities?.tools).toBeDefined();
    });

    it('lists and calls without a session', async () => {
      const tools = (await peer.client.listAllTools()).map((tool) => tool.name).sort();
      expect(tools).toEqual(MATRIX_LISTS.tools);
      const result = await peer.client.callTool('echo', { text: 'stateless' });
      expect(resultText(result)).toBe('stateless');
      expect(result).toMatchObject({ resultType: 'complete' });
      await expect(peer.client.ping()).resolves.toBeUndefined();
    });

    it('answers sampling and elicitation through MRTR rounds, visible on callTool$', async () => {
      const events: ToolCallEvent[] = await firstValueFrom(
        peer.client.callTool$('ask_model', { prompt: 'hi' }).pipe(toArray()),
      );
      expect(events.map((event) => event.type)).toEqual(['input', 'result']);
      const [input, done] = events;
      expect(input).toMatchObject({ type: 'input', round: 1, method: 'tools/call' });
      expect(done?.type === 'result' && resultText(done.result)).toBe(
        `${MATRIX_SAMPLING_MODEL}: echo hi`,
      );
      const asked = await peer.client.callTool('ask_user', { question: '?' });
      expect(resultText(asked)).toBe(MATRIX_ELICIT_TEXT);
    });

    it('keeps parallel MRTR calls apart', async () => {
      const prompts = ['one', 'two', 'three'];
      const results = await Promise.all(
        prompts.map((prompt) => peer.client.callTool('ask_model', { prompt })),
      );
      expect(results.map(resultText)).toEqual(
        prompts.map((prompt) => `${MATRIX_SAMPLING_MODEL}: echo ${prompt}`),
      );
    });

    it('hands the input requests to a manual handler when one is given', async () => {
      const seen: string[] = [];
      const result = await peer.client.callTool(
        'ask_user',
        { question: 'manual?' },
        {
          onInputRequired: (round) => {
            const [key, request] = Object.entries(round.inputRequests)[0]!;
            seen.push(request.method);
            return { [key]: { action: 'accept', content: { ...MATRIX_ELICIT_ANSWER, age: 7 } } };
          },
        },
      );
      expect(seen).toEqual(['elicitation/create']);
      expect(resultText(result)).toBe(`${MATRIX_ELICIT_ANSWER.name} (7)`);
    });
  },
);
