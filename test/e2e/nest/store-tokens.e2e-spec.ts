import {
  EVENT_STORE,
  InMemoryEventStore,
  InMemoryMessageBus,
  InMemorySessionStore,
  MESSAGE_BUS,
  McpModule,
  McpServer,
  SESSION_STORE,
  type McpBusEvent,
  type SessionRecord,
} from '../../../lib/index.js';
import { initializeRawSession } from '../support/raw-http.js';
import { TestTools } from '../support/test-tools.js';
import { bootApp, type BootedApp } from './support/nest-app.js';

/** A session store that remembers what it was asked to keep. */
class RecordingSessionStore extends InMemorySessionStore {
  readonly saved: SessionRecord[] = [];
  override async set(record: SessionRecord, ttlMs: number): Promise<void> {
    this.saved.push(record);
    await super.set(record, ttlMs);
  }
}

/** A message bus that remembers what was published. */
class RecordingBus extends InMemoryMessageBus {
  readonly published: McpBusEvent[] = [];
  override publish(event: McpBusEvent): void {
    this.published.push(event);
    super.publish(event);
  }
}

describe('McpModule store tokens', () => {
  describe('with stores given in the options', () => {
    const sessionStore = new RecordingSessionStore();
    const messageBus = new RecordingBus();
    const eventStore = new InMemoryEventStore();
    let booted: BootedApp;

    beforeAll(async () => {
      booted = await bootApp({
        imports: [
          McpModule.forRoot({
            name: 'stores',
            version: '1.0.0',
            sessionStore,
            messageBus,
            eventStore,
          }),
        ],
        providers: [TestTools],
      });
    });
    afterAll(async () => {
      await booted.close();
      eventStore.dispose();
    });

    it('injects the given stores under EVENT_STORE, SESSION_STORE and MESSAGE_BUS', () => {
      expect(booted.app.get(EVENT_STORE)).toBe(eventStore);
      expect(booted.app.get(SESSION_STORE)).toBe(sessionStore);
      expect(booted.app.get(MESSAGE_BUS)).toBe(messageBus);
    });

    it('keeps HTTP sessions in the given session store', async () => {
      const session = await initializeRawSession(booted.url());
      expect(sessionStore.saved.map((r) => r.id)).toContain(session.sessionId);
      await expect(sessionStore.get(session.sessionId)).resolves.toMatchObject({
        id: session.sessionId,
      });
    });

    it('publishes server-wide notifications on the given bus', () => {
      booted.app.get(McpServer).notifyResourceUpdated('test://watched');
      expect(messageBus.published).toContainEqual({
        type: 'resource-updated',
        uri: 'test://watched',
      });
    });
  });

  it('provides in-memory stores by default', async () => {
    const booted = await bootApp({
      imports: [McpModule.forRoot({ name: 'defaults', version: '1.0.0' })],
      providers: [TestTools],
    });
    try {
      expect(booted.app.get(EVENT_STORE)).toBeInstanceOf(InMemoryEventStore);
      expect(booted.app.get(SESSION_STORE)).toBeInstanceOf(InMemorySessionStore);
      expect(booted.app.get(MESSAGE_BUS)).toBeInstanceOf(InMemoryMessageBus);
    } finally {
      await booted.close();
    }
  });
});
