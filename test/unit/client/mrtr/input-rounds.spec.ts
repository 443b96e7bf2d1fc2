import { runInputRounds, type InputRoundsCall } from '../../../../lib/client/mrtr/input-rounds.js';
import type { McpInputRound } from '../../../../lib/client/mrtr/input-round.interface.js';
import { InputRoundLimitError } from '../../../../lib/errors/input-round-limit.error.js';
import { TransportError } from '../../../../lib/errors/transport.error.js';

const ask = { method: 'roots/list' as const };

/** A call whose server answers `results` in order; it records the params of every round. */
function call(results: unknown[], overrides: Partial<InputRoundsCall> = {}) {
  const sent: Array<Record<string, unknown>> = [];
  const rounds: McpInputRound[] = [];
  const spec: InputRoundsCall = {
    method: 'tools/call',
    params: { name: 't', arguments: { a: 1 } },
    maxRounds: 5,
    send: async (params) => {
      sent.push(params);
      return results.shift();
    },
    fulfil: async (round) =>
      Object.fromEntries(Object.keys(round.inputRequests).map((key) => [key, { roots: [] }])),
    onRound: (round) => rounds.push(round),
    ...overrides,
  };
  return { spec, sent, rounds };
}

describe('runInputRounds', () => {
  it('returns a result without resultType as complete, after one send', async () => {
    const { spec, sent } = call([{ content: [] }]);
    await expect(runInputRounds(spec)).resolves.toEqual({ content: [] });
    expect(sent).toHaveLength(1);
  });

  it('retries with inputResponses and the state echoed verbatim, round by round', async () => {
    const { spec, sent, rounds } = call([
      { resultType: 'input_required', inputRequests: { r: ask }, requestState: 'S1' },
      { resultType: 'input_required', inputRequests: { r2: ask } },
      { resultType: 'complete', content: [] },
    ]);
    await runInputRounds(spec);
    expect(sent).toEqual([
      { name: 't', arguments: { a: 1 } },
      { name: 't', arguments: { a: 1 }, inputResponses: { r: { roots: [] } }, requestState: 'S1' },
      { name: 't', arguments: { a: 1 }, inputResponses: { r2: { roots: [] } } },
    ]);
    expect(rounds.map((r) => [r.round, r.requestState])).toEqual([
      [1, 'S1'],
      [2, undefined],
    ]);
  });

  it('retries with the state alone when the server asks for nothing', async () => {
    const { spec, sent } = call([
      { resultType: 'input_required', requestState: 'only' },
      { resultType: 'complete' },
    ]);
    await runInputRounds(spec);
    expect(sent[1]).toEqual({ name: 't', arguments: { a: 1 }, requestState: 'only' });
  });

  it('stops after maxRounds with InputRoundLimitError', async () => {
    const forever = { resultType: 'input_required', inputRequests: { r: ask } };
    const { spec, sent } = call([forever, forever, forever, forever], { maxRounds: 2 });
    await expect(runInputRounds(spec)).rejects.toBeInstanceOf(InputRoundLimitError);
    expect(sent).toHaveLength(3);
  });

  it.each([
    ['an unknown input method', { r: { method: 'tools/call' } }],
    ['not an object', 'nope'],
  ])('refuses malformed inputRequests (%s) without retrying', async (_label, inputRequests) => {
    const { spec, sent } = call([{ resultType: 'input_required', inputRequests }]);
    await expect(runInputRounds(spec)).rejects.toBeInstanceOf(TransportError);
    expect(sent).toHaveLength(1);
  });

  it('refuses input_required with neither inputRequests nor requestState', async () => {
    const { spec } = call([{ resultType: 'input_required' }]);
    await expect(runInputRounds(spec)).rejects.toThrow(/does not match the protocol/);
  });
});
