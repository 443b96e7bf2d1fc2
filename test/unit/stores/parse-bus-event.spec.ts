import { parseBusEvent } from '../../../lib/stores/parse-bus-event.js';

/** What a networked bus (Redis) accepts from its channel: well-formed events only. */
describe('parseBusEvent', () => {
  it.each([
    [{ type: 'resource-updated', uri: 'file:///a' }],
    [{ type: 'list-changed', kind: 'tools' }],
    [
      {
        type: 'broadcast',
        to: { kind: 'all' },
        message: { kind: 'notification', method: 'acme/x' },
      },
    ],
    [
      {
        type: 'broadcast',
        to: { kind: 'principal', principal: 'alice' },
        message: { kind: 'log', level: 'warning', data: { a: 1 }, logger: 'jobs' },
      },
    ],
    [
      {
        type: 'broadcast',
        to: { kind: 'session', sessionId: 's1' },
        message: { kind: 'notification', method: 'acme/x', params: { n: 1 } },
      },
    ],
    [{ type: 'instance-alive', from: 'i1' }],
    [{ type: 'task-control', from: 'i1', to: 'i2', taskId: 't1', action: 'cancel' }],
    [
      {
        type: 'task-control',
        from: 'i1',
        to: 'i2',
        taskId: 't1',
        action: 'input',
        responses: { ask: { action: 'accept', content: { name: 'Ada' } } },
      },
    ],
    [{ type: 'task-status', from: 'i1', taskId: 't1', task: { taskId: 't1', status: 'working' } }],
    [{ type: 'session-ended', from: 'i1', sessionId: 's1' }],
    [
      {
        type: 'client-cancel',
        from: 'i1',
        sessionId: 's1',
        message: { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 3 } },
      },
    ],
    [{ type: 'registration', from: 'i1', id: 'r1', factory: 'f', params: { a: 1 }, at: 1 }],
    [{ type: 'registration', from: 'i1', id: 'r1' }],
  ])('accepts %j', (event) => {
    expect(parseBusEvent(JSON.stringify(event))).toEqual(event);
  });

  it.each([
    ['not JSON', '{nope'],
    ['an array', '[1,2]'],
    ['an unknown type', JSON.stringify({ type: 'explode' })],
    ['a prototype key as type', JSON.stringify({ type: '__proto__' })],
    ['a list kind nobody has', JSON.stringify({ type: 'list-changed', kind: 'secrets' })],
    [
      'a broadcast to nobody known',
      JSON.stringify({ type: 'broadcast', to: { kind: 'everyone' }, message: { kind: 'log' } }),
    ],
    [
      'a broadcast log at an unknown level',
      JSON.stringify({
        type: 'broadcast',
        to: { kind: 'all' },
        message: { kind: 'log', level: 'loud', data: 1 },
      }),
    ],
    [
      'a broadcast notification without a method',
      JSON.stringify({ type: 'broadcast', to: { kind: 'all' }, message: { kind: 'notification' } }),
    ],
    [
      'a principal audience without a principal',
      JSON.stringify({
        type: 'broadcast',
        to: { kind: 'principal' },
        message: { kind: 'notification', method: 'acme/x' },
      }),
    ],
    [
      'a session message that is not JSON-RPC',
      JSON.stringify({ type: 'session-message', from: 'i1', sessionId: 's', message: { a: 1 } }),
    ],
    [
      'a task control with an unknown action',
      JSON.stringify({ type: 'task-control', from: 'i1', to: 'i2', taskId: 't', action: 'nuke' }),
    ],
    [
      'a task input without responses',
      JSON.stringify({ type: 'task-control', from: 'i1', to: 'i2', taskId: 't', action: 'input' }),
    ],
    [
      'a task control for nobody',
      JSON.stringify({ type: 'task-control', from: 'i1', taskId: 't', action: 'cancel' }),
    ],
    [
      'a task status without its task',
      JSON.stringify({ type: 'task-status', from: 'i1', taskId: 't', task: 'working' }),
    ],
    [
      'a registration without its parameters',
      JSON.stringify({ type: 'registration', from: 'i1', id: 'r1', factory: 'f', at: 1 }),
    ],
    [
      'a server event whose id is not a string',
      JSON.stringify({ type: 'list-changed', kind: 'tools', id: { $gt: '' } }),
    ],
    ['a session end without its session', JSON.stringify({ type: 'session-ended', from: 'i1' })],
    [
      'a client cancel carrying another message',
      JSON.stringify({
        type: 'client-cancel',
        from: 'i1',
        sessionId: 's',
        message: { jsonrpc: '2.0', id: 1, method: 'tools/call' },
      }),
    ],
  ])('drops %s', (_what, text) => {
    expect(parseBusEvent(text)).toBeUndefined();
  });
});

it('keeps the id a server event carries on a shared bus', () => {
  const event = { type: 'resource-updated', uri: 'file:///a', id: 'e1' };
  expect(parseBusEvent(JSON.stringify(event))).toEqual(event);
});
