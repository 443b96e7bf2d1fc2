import { builtSample } from './support/sample.js';
import { RawStdioServer } from './support/raw-stdio-server.js';

const DEPTH = 5000;
const deep = '['.repeat(DEPTH) + ']'.repeat(DEPTH);

/** A tools/call line with an array nested {@link DEPTH} deep at `where`. */
function deepLine(id: number, where: 'progressToken' | 'arguments'): string {
  const meta = where === 'progressToken' ? `,"_meta":{"progressToken":${deep}}` : '';
  const args = where === 'arguments' ? `{"text":${deep}}` : '{"text":"x"}';
  return (
    `{"jsonrpc":"2.0","id":${id},"method":"tools/call",` +
    `"params":{"name":"echo","arguments":${args}${meta}}}\n`
  );
}

/**
 * Defect 1 of issue 11 over stdio: a progressToken (or an argument) nested thousands deep once
 * made the progress event unencodable. The built sample refuses it on the way in with -32600 for
 * that id, stays up and keeps answering.
 */
describe('stdio server process (built sample), deeply nested input', () => {
  let server: RawStdioServer;
  let exit: unknown;

  beforeAll(async () => {
    server = RawStdioServer.node(builtSample());
    void server.exited.then((e) => (exit = e));
    await server.initialize();
  });

  afterAll(async () => {
    await server.dispose();
  });

  it.each([
    [1, 'progressToken'],
    [2, 'arguments'],
  ] as const)('answers id %i (nested %s) with -32600 and keeps serving', async (id, where) => {
    server.write(deepLine(id, where));
    expect(await server.response(id)).toEqual({
      jsonrpc: '2.0',
      id,
      error: { code: -32600, message: expect.stringMatching(/nest/i) },
    });
    server.send({
      jsonrpc: '2.0',
      id: id + 100,
      method: 'tools/call',
      params: { name: 'echo', arguments: { text: 'still here' }, _meta: { progressToken: 7 } },
    });
    expect(await server.response(id + 100)).toMatchObject({
      result: { content: [{ type: 'text', text: 'still here' }] },
    });
    expect(exit).toBeUndefined();
  });
});
