import { Observable, Subject } from 'rxjs';
import type { McpListenEvent } from '../../../../lib/client/listen/listen-event.interface.js';
import { SharedListen } from '../../../../lib/client/listen/shared-listen.js';
import { ListenError } from '../../../../lib/errors/listen.error.js';
import type { SubscriptionFilter } from '../../../../lib/protocol/schema/index.js';

interface Opened {
  filter: SubscriptionFilter;
  events: Subject<McpListenEvent>;
  closed: boolean;
}

/** A SharedListen over hand-driven streams: each open records its filter and its Subject. */
function setup() {
  const opened: Opened[] = [];
  const errors: Error[] = [];
  let active = true;
  const shared = new SharedListen(
    (filter) =>
      new Observable<McpListenEvent>((subscriber) => {
        const entry: Opened = { filter, events: new Subject(), closed: false };
        opened.push(entry);
        const subscription = entry.events.subscribe(subscriber);
        return () => {
          entry.closed = true;
          subscription.unsubscribe();
        };
      }),
    () => active,
    (error) => errors.push(error),
  );
  const tick = () => new Promise<void>((resolve) => setImmediate(resolve));
  const ack = (index: number, id: number, notifications: SubscriptionFilter) =>
    opened[index]!.events.next({ type: 'acknowledged', subscriptionId: id, notifications });
  return { shared, opened, errors, tick, ack, setActive: (value: boolean) => (active = value) };
}

describe('SharedListen', () => {
  it('opens one stream for the interests held in one tick, and closes it when all let go', async () => {
    const { shared, opened, tick, ack } = setup();
    const releaseTools = shared.hold('toolsListChanged');
    const releaseTools2 = shared.hold('toolsListChanged');
    const releasePrompts = shared.hold('promptsListChanged');
    await tick();
    expect(opened.map((o) => o.filter)).toEqual([
      { toolsListChanged: true, promptsListChanged: true },
    ]);
    ack(0, 7, { toolsListChanged: true });
    expect(shared.owns(7)).toBe(true);
    expect(shared.honoured).toEqual({ toolsListChanged: true });
    releaseTools();
    releaseTools(); // idempotent: the second holder still holds
    releasePrompts();
    await tick();
    expect(opened[1]?.filter).toEqual({ toolsListChanged: true });
    releaseTools2();
    await tick();
    expect(opened.every((o) => o.closed)).toBe(true);
    expect(shared.honoured).toBeUndefined();
  });

  it('widens by opening a new stream and drops the old one only once the new one is acknowledged', async () => {
    const { shared, opened, tick, ack } = setup();
    shared.hold('toolsListChanged');
    await tick();
    ack(0, 1, { toolsListChanged: true });
    shared.hold({ uri: 'b://2' });
    shared.hold({ uri: 'a://1' });
    await tick();
    expect(opened[1]?.filter).toEqual({
      toolsListChanged: true,
      resourceSubscriptions: ['a://1', 'b://2'],
    });
    expect([opened[0]!.closed, shared.owns(1)]).toEqual([false, true]);
    ack(1, 2, opened[1]!.filter);
    expect([opened[0]!.closed, shared.owns(1), shared.owns(2)]).toEqual([true, false, true]);
  });

  it('covered() resolves on an acknowledgement that honours the interest and rejects otherwise', async () => {
    const { shared, tick, ack } = setup();
    shared.hold({ uri: 'a://1' });
    shared.hold('toolsListChanged');
    await tick();
    const uri = shared.covered({ uri: 'a://1' });
    const tools = shared.covered('toolsListChanged');
    ack(0, 1, { toolsListChanged: true });
    await expect(tools).resolves.toBeUndefined();
    await expect(uri).rejects.toMatchObject({ reason: 'not-honoured' });
    await expect(shared.covered('toolsListChanged')).resolves.toBeUndefined();
  });

  it('does nothing until active; reports a failed stream and reopens on the next change', async () => {
    const { shared, opened, errors, tick, ack, setActive } = setup();
    setActive(false);
    shared.hold('toolsListChanged');
    await tick();
    expect(opened).toHaveLength(0);
    setActive(true);
    shared.reconcile();
    expect(opened).toHaveLength(1);
    const waiting = shared.covered('promptsListChanged');
    opened[0]!.events.error(new ListenError('not-acknowledged', 'no ack'));
    expect(errors.map((e) => e.message)).toEqual(['no ack']);
    await expect(waiting).rejects.toBeInstanceOf(ListenError);
    shared.hold('promptsListChanged');
    await tick();
    ack(1, 5, { toolsListChanged: true, promptsListChanged: true });
    expect(shared.owns(5)).toBe(true);
  });

  it('stop() closes the streams and rejects the waiters', async () => {
    const { shared, opened, tick } = setup();
    shared.hold('toolsListChanged');
    await tick();
    const waiting = shared.covered('toolsListChanged');
    shared.stop();
    await expect(waiting).rejects.toMatchObject({ reason: 'unsupported' });
    expect(opened[0]!.closed).toBe(true);
  });
});
