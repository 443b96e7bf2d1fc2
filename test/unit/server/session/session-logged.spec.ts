import { makeServer, settle, TestClient } from '../harness.js';

/**
 * A request's answer waits until what the transport keeps in a log shared by instances is stored
 * (`McpSessionSink.logged`): what its handler sent comes before anything the client's next
 * request causes, on any instance.
 */
describe('McpSession.logged (the answer after the shared log)', () => {
  async function connected() {
    const server = makeServer();
    server.registerTool({ name: 'ok' }, () => 'done');
    server.registerTool({ name: 'fails' }, () => {
      throw new Error('boom');
    });
    const client = TestClient.connect(server);
    await client.initialize();
    let stored: (() => void) | undefined;
    let pending: Promise<void> | undefined;
    let asked = 0;
    client.session.bind({
      deliver: () => undefined,
      logged: () => {
        asked++;
        return pending;
      },
    });
    const hold = () => (pending = new Promise<void>((resolve) => (stored = resolve)));
    const release = () => {
      stored!();
      pending = undefined;
    };
    return { client, hold, release, asked: () => asked };
  }

  const answered = (client: TestClient, id: number) =>
    client.out.some((m) => !('method' in m.message) && m.message.id === id);

  it('answers a call only once the log has stored what is pending', async () => {
    const { client, hold, release } = await connected();
    hold();
    const id = client.start('tools/call', { name: 'ok', arguments: {} }) as number;
    await settle();
    expect(answered(client, id)).toBe(false);
    release();
    expect(await client.response(id)).toMatchObject({ result: { content: [{ text: 'done' }] } });
  });

  it('answers a failed call only once the log has stored what is pending, too', async () => {
    const { client, hold, release } = await connected();
    hold();
    const id = client.start('tools/call', { name: 'fails', arguments: {} }) as number;
    await settle();
    expect(answered(client, id)).toBe(false);
    release();
    expect(await client.response(id)).toHaveProperty('error'); // a JSON-RPC error
  });

  it('answers at once when nothing is pending (asked once per request)', async () => {
    const { client, asked } = await connected();
    expect(await client.result('tools/call', { name: 'ok', arguments: {} })).toMatchObject({
      content: [{ text: 'done' }],
    });
    expect(asked()).toBe(1);
  });
});
