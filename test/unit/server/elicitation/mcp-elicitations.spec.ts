import { McpElicitations } from '../../../../lib/server/elicitation/mcp-elicitations.js';
import type { OutboundMessage } from '../../../../lib/engine/session-message.interface.js';
import { makeServer } from '../harness.js';

function setup() {
  const session = makeServer().core.createSession('s1', 'in-memory');
  const out: OutboundMessage[] = [];
  session.outbound$.subscribe((m) => out.push(m));
  const completions = () =>
    out
      .map((m) => m.message as { method?: string; params?: { elicitationId?: string } })
      .filter((m) => m.method === 'notifications/elicitation/complete')
      .map((m) => m.params?.elicitationId);
  return { session, out, completions, elicitations: new McpElicitations() };
}

describe('McpElicitations', () => {
  it('completes a waiting elicitUrl: notification related to the asking request, then resumes it', async () => {
    const { session, out, completions, elicitations } = setup();
    elicitations.open('e1', session, 7);
    expect(elicitations.has('e1')).toBe(true);
    const waiting = elicitations.completion('e1', new AbortController().signal);
    expect(elicitations.complete('e1')).toBe(true);
    await waiting;
    expect(completions()).toEqual(['e1']);
    expect(out[0]?.relatedRequestId).toBe(7);
    expect(elicitations.size).toBe(0);
    expect(elicitations.complete('e1')).toBe(false);
  });

  it('a completion before the client accepted is kept until the call asks for it', async () => {
    const { session, elicitations } = setup();
    elicitations.open('early', session, 1);
    expect(elicitations.complete('early')).toBe(true);
    expect(elicitations.complete('early')).toBe(false); // once
    await expect(elicitations.completion('early', new AbortController().signal)).resolves.toBe(
      undefined,
    );
    expect(elicitations.size).toBe(0);
  });

  it('a -32042 elicitation (no asking call) is forgotten once completed; unrelated notification', () => {
    const { session, out, completions, elicitations } = setup();
    elicitations.open('req', session);
    expect(elicitations.complete('req')).toBe(true);
    expect(completions()).toEqual(['req']);
    expect(out[0]?.relatedRequestId).toBeUndefined();
    expect(elicitations.size).toBe(0);
  });

  it('unknown ids: complete() is false and sends nothing', () => {
    const { completions, elicitations } = setup();
    expect(elicitations.complete('nobody')).toBe(false);
    expect(elicitations.has('nobody')).toBe(false);
    expect(completions()).toEqual([]);
  });

  it('refuses an id already waiting (-32602)', () => {
    const { session, elicitations } = setup();
    elicitations.open('dup', session, 1);
    expect(() => elicitations.open('dup', session, 2)).toThrow(/already waiting/);
  });

  it('rejects the wait on abort and on session close, and forgets the id', async () => {
    const { session, elicitations } = setup();
    elicitations.open('a', session, 1);
    const controller = new AbortController();
    const aborted = elicitations.completion('a', controller.signal);
    controller.abort(new Error('cancelled'));
    await expect(aborted).rejects.toThrow('cancelled');
    expect(elicitations.has('a')).toBe(false);

    elicitations.open('b', session, 2);
    const closed = elicitations.completion('b', new AbortController().signal);
    session.close('bye');
    await expect(closed).rejects.toThrow(/Session closed before the elicitation completed: bye/);
    expect(elicitations.size).toBe(0);
  });
});
