import { McpError } from '../../../../lib/errors/mcp.error.js';
import { SessionState } from '../../../../lib/server/session/session-state.js';
import type { SessionRecord } from '../../../../lib/stores/session-store.interface.js';
import type { HttpSessionChannel } from '../../../../lib/transports/http/http-session-channel.js';
import { applyRecord, recordOf } from '../../../../lib/transports/http/session-record.js';

/** The parts of a channel the record mapping reads and writes. */
function channel(): HttpSessionChannel {
  const session = {
    id: 's1',
    protocol: { protocolVersion: '2025-11-25', clientCapabilities: {} },
    subscriptions: new Set<string>(),
    state: new SessionState(),
    stateRevision: 0,
    stateTag: undefined as string | undefined,
  };
  return { session, principal: 'alice' } as unknown as HttpSessionChannel;
}

const stored = (over: Partial<SessionRecord>): SessionRecord => ({
  id: 's1',
  protocol: { protocolVersion: '2025-11-25', clientCapabilities: {}, logLevel: 'debug' },
  subscriptions: ['notes://a'],
  createdAt: 0,
  ...over,
});

describe('session record ↔ live copy', () => {
  it('stores the state with the next revision and a fresh tag (shared store)', () => {
    const c = channel();
    c.session.state.set('count', 2);
    const record = recordOf(c, 1000);
    expect(record).toMatchObject({ id: 's1', principal: 'alice', state: { count: 2 } });
    expect(record.stateRevision).toBe(1);
    expect(record.stateTag).toMatch(/^[0-9a-f]{12}$/);
    expect(recordOf(c, 1000).stateTag).not.toBe(record.stateTag);
  });

  it('leaves the state out without a bound (one process: the live copy is the truth)', () => {
    const c = channel();
    c.session.state.set('count', 2);
    expect(recordOf(c)).not.toHaveProperty('state');
  });

  it('refuses an oversized state and a state JSON cannot hold, with -32603 naming the cause', () => {
    const c = channel();
    c.session.state.set('big', 'x'.repeat(2000));
    expect(() => recordOf(c, 1000)).toThrow(McpError);
    expect(() => recordOf(c, 1000)).toThrow(/2010 bytes as JSON, over the limit of 1000 bytes/);
    c.session.state.set('big', 10n);
    expect(() => recordOf(c, 1000)).toThrow(/cannot be stored as JSON/);
  });

  it('loads a newer state, never an older one, and a same-revision write of another instance', () => {
    const c = channel();
    applyRecord(c, stored({ state: { count: 1 }, stateRevision: 1, stateTag: 'a' }));
    expect(c.session.state.get('count')).toBe(1);
    expect(c.session.subscriptions).toEqual(new Set(['notes://a']));
    expect(c.session.protocol.logLevel).toBe('debug');
    c.session.state.set('count', 5); // this copy's own write, stored as revision 2
    c.session.stateRevision = 2;
    c.session.stateTag = 'b';
    applyRecord(c, stored({ state: { count: 1 }, stateRevision: 1, stateTag: 'a' }));
    expect(c.session.state.get('count')).toBe(5); // an older read does not clobber it
    applyRecord(c, stored({ state: { count: 9 }, stateRevision: 2, stateTag: 'c' }));
    expect(c.session.state.get('count')).toBe(9); // the same revision written elsewhere wins
    expect(c.session.state.changed).toBe(false);
  });
});
