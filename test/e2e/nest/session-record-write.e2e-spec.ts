import { InMemorySessionStore, McpModule, type SessionRecord } from '../../../lib/index.js';
import {
  initializeRawSession,
  initializeRequest,
  postJson,
  rawRequest,
} from '../support/raw-http.js';
import { TestTools } from '../support/test-tools.js';
import { bootApp, type BootedApp } from './support/nest-app.js';

/** A session store whose writes take a while, or fail (a slow or refusing Redis). */
class SlowSessionStore extends InMemorySessionStore {
  delayMs = 300;
  failing = false;
  override async set(record: SessionRecord, ttlMs: number): Promise<void> {
    await new Promise((r) => setTimeout(r, this.delayMs));
    if (this.failing) throw new Error('ECONNREFUSED 10.0.0.7:6379 (driver text)');
    await super.set(record, ttlMs);
  }
  override async delete(id: string): Promise<void> {
    if (this.failing) throw new Error('ECONNREFUSED 10.0.0.7:6379 (driver text)');
    await super.delete(id);
  }
}

/** A custom store that is not async: it throws at once instead of rejecting. */
class ThrowingSessionStore extends InMemorySessionStore {
  failing = false;
  override set(record: SessionRecord, ttlMs: number): Promise<void> {
    if (this.failing) throw new Error('store refused at once');
    return super.set(record, ttlMs);
  }
  override delete(id: string): Promise<void> {
    if (this.failing) throw new Error('store refused at once');
    return super.delete(id);
  }
}

/** Issue 23 item 3: `initialize` is answered only once its session record is stored. */
describe('initialize and the session record', () => {
  const store = new SlowSessionStore();
  let booted: BootedApp;
  beforeAll(async () => {
    booted = await bootApp({
      imports: [McpModule.forRoot({ name: 'record', version: '1.0.0', sessionStore: store })],
      providers: [TestTools],
    });
  });
  afterAll(async () => {
    await booted?.close();
  });
  afterEach(() => {
    store.failing = false;
  });

  it('answers initialize only once the record is stored (a slow store)', async () => {
    for (let i = 0; i < 3; i++) {
      const reply = await postJson(booted.url(), initializeRequest());
      expect(reply.status).toBe(200);
      const id = reply.headers['mcp-session-id'] as string;
      // Read at once, as another instance would on the client's next request.
      await expect(store.get(id)).resolves.toMatchObject({ id });
    }
  });

  it('answers 503 with Retry-After, and no session id, when the record cannot be stored', async () => {
    store.failing = true;
    const init = initializeRequest();
    const reply = await postJson(booted.url(), init);
    expect(reply.status).toBe(503);
    expect(reply.headers['retry-after']).toBe('1');
    expect(reply.headers['mcp-session-id']).toBeUndefined();
    expect(JSON.parse(reply.text)).toMatchObject({
      jsonrpc: '2.0',
      id: init.id,
      error: { message: 'Session store unavailable' },
    });
    expect(reply.text).not.toContain('10.0.0.7'); // the store's own text stays in the log
    expect(store.size).toBe(3); // nothing left behind by the refused one
    await new Promise((r) => setTimeout(r, 100)); // its cleanup (a failing delete) ran: no crash
    store.failing = false;
    expect((await postJson(booted.url(), initializeRequest())).status).toBe(200); // retry works
  });
});

/** The store's failures at DELETE, and a store that throws instead of rejecting. */
describe('DELETE and initialize against a failing store', () => {
  const slow = new SlowSessionStore();
  const throwing = new ThrowingSessionStore();
  let apps: BootedApp[] = [];
  beforeAll(async () => {
    slow.delayMs = 0;
    apps = await Promise.all(
      [slow, throwing].map((sessionStore) =>
        bootApp({
          imports: [McpModule.forRoot({ name: 'record', version: '1.0.0', sessionStore })],
          providers: [TestTools],
        }),
      ),
    );
  });
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
  });

  for (const [name, index] of [
    ['rejects', 0],
    ['throws at once', 1],
  ] as const) {
    it(`answers a DELETE 503 with Retry-After when the store ${name}, 200 once it works`, async () => {
      const store = index === 0 ? slow : throwing;
      const url = apps[index]!.url();
      const session = await initializeRawSession(url);
      store.failing = true;
      const refused = await rawRequest(url, { method: 'DELETE', headers: session.headers });
      store.failing = false;
      expect(refused.status).toBe(503);
      expect(refused.headers['retry-after']).toBe('1');
      expect(refused.text).not.toContain('store refused'); // the store's own text stays in the log
      // The session ended here all the same; the record is still there, so it is rebuilt.
      const again = await rawRequest(url, { method: 'DELETE', headers: session.headers });
      expect(again.status).toBe(200);
      await expect(store.get(session.sessionId)).resolves.toBeUndefined();
    });
  }

  it('answers initialize 503 without a session id when the store throws at once', async () => {
    throwing.failing = true;
    const before = throwing.size;
    const reply = await postJson(apps[1]!.url(), initializeRequest());
    throwing.failing = false;
    expect(reply.status).toBe(503);
    expect(reply.headers['retry-after']).toBe('1');
    expect(reply.headers['mcp-session-id']).toBeUndefined();
    expect(throwing.size).toBe(before);
    expect((await postJson(apps[1]!.url(), initializeRequest())).status).toBe(200);
  });
});
