import {
  findMethod,
  MCP_METHODS,
  type McpMethodSpec,
} from '../../../../lib/protocol/methods/index.js';

const specs = MCP_METHODS as readonly McpMethodSpec[];

describe('the method table', () => {
  it('has one entry per method, direction and kind', () => {
    const keys = specs.map((s) => `${s.from} ${s.kind} ${s.method}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('gives every entry at least one era, and results exactly to requests', () => {
    for (const spec of specs) {
      const eras = [spec.legacy, spec.modern].filter((e) => e !== undefined);
      expect({ method: spec.method, eras: eras.length > 0 }).toEqual({
        method: spec.method,
        eras: true,
      });
      for (const era of eras) {
        expect({ method: spec.method, result: era.result !== undefined }).toEqual({
          method: spec.method,
          result: spec.kind === 'request',
        });
      }
    }
  });

  it('records the capability gate of each request (receiver side)', () => {
    const gate = (from: 'client' | 'server', method: string) =>
      findMethod(from, 'request', method)?.capability;
    expect(gate('client', 'tools/call')).toBe('tools');
    expect(gate('client', 'resources/templates/list')).toBe('resources');
    expect(gate('client', 'completion/complete')).toBe('completions');
    expect(gate('client', 'logging/setLevel')).toBe('logging');
    expect(gate('client', 'ping')).toBeUndefined();
    expect(gate('client', 'initialize')).toBeUndefined();
    expect(gate('server', 'sampling/createMessage')).toBe('sampling');
    expect(gate('server', 'roots/list')).toBe('roots');
    expect(gate('server', 'elicitation/create')).toBe('elicitation');
  });

  it('tells the eras apart', () => {
    expect(findMethod('client', 'request', 'initialize')?.modern).toBeUndefined();
    expect(findMethod('client', 'request', 'server/discover')?.legacy).toBeUndefined();
    const call = findMethod('client', 'request', 'tools/call')!;
    expect(call.legacy!.params.safeParse({ name: 'x', requestState: 's' }).success).toBe(true);
    expect(call.modern!.params.safeParse({ name: 'x', requestState: 5 }).success).toBe(false);
  });

  it('finds methods by direction without matching inherited keys', () => {
    expect(findMethod('client', 'request', 'sampling/createMessage')).toBeUndefined();
    expect(findMethod('server', 'request', 'sampling/createMessage')?.from).toBe('server');
    expect(findMethod('client', 'notification', 'notifications/initialized')?.kind).toBe(
      'notification',
    );
    expect(findMethod('client', 'request', 'toString')).toBeUndefined();
  });
});
