import { SessionState } from '../../../../lib/server/session/session-state.js';

describe('SessionState (ctx.session.state)', () => {
  it('notes every write: set, delete, clear', () => {
    const state = new SessionState();
    expect(state.changed).toBe(false);
    state.set('a', 1);
    expect(state.changed).toBe(true);
    state.changed = false;
    state.get('a');
    state.has('a');
    expect(state.changed).toBe(false); // reads are not writes
    state.delete('a');
    expect(state.changed).toBe(true);
    state.changed = false;
    state.clear();
    expect(state.changed).toBe(true);
  });

  it('loads stored entries without counting them as a change, replacing what was there', () => {
    const state = new SessionState();
    state.set('old', true);
    state.load({ count: 3, cart: { items: ['x'] } });
    expect(state.changed).toBe(false);
    expect([...state.keys()]).toEqual(['count', 'cart']);
    expect(state.toRecord()).toEqual({ count: 3, cart: { items: ['x'] } });
    state.load(undefined);
    expect(state.size).toBe(0);
  });

  it('is a Map (what the public McpSessionHandle.state type says)', () => {
    expect(new SessionState()).toBeInstanceOf(Map);
  });
});
