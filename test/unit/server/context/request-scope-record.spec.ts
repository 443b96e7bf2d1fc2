import type { RequestScope } from '../../../../lib/server/context/request-scope.interface.js';
import {
  RequestScopeRecord,
  scopeWith,
  type RequestScopeFields,
} from '../../../../lib/server/context/request-scope-record.js';
import type { InputRoundPort } from '../../../../lib/server/mrtr/input-round.js';

/** A signal source that counts how often its signal is read. */
function countingSource(signal = new AbortController().signal) {
  const source = {
    reads: 0,
    get signal() {
      source.reads++;
      return signal;
    },
  };
  return source;
}

const FIELDS: RequestScopeFields = {
  requestId: 7,
  method: 'tools/call',
  params: { name: 'echo' },
  protocol: { protocolVersion: '2026-07-28', clientCapabilities: {}, era: 'modern' },
  transport: { kind: 'streamable-http' },
  notifier: {
    notifyResourceUpdated: () => undefined,
    notifyListChanged: () => undefined,
  },
  principal: 'alice',
};

describe('RequestScopeRecord', () => {
  it('copies the fields and reads the signal from its source only when asked', () => {
    const source = countingSource();
    const scope = new RequestScopeRecord(source, FIELDS);
    expect(scope).toMatchObject({ requestId: 7, method: 'tools/call', principal: 'alice' });
    expect(source.reads).toBe(0);
    expect(scope.signal).toBe(source.signal);
    expect(source.reads).toBe(2);
  });

  it('gives every scope the same keys, optional ones included, and no own accessor', () => {
    const bare = new RequestScopeRecord(countingSource(), FIELDS);
    const full = new RequestScopeRecord(countingSource(), { ...FIELDS, session: undefined });
    expect(Object.keys(bare)).toEqual(Object.keys(full));
    expect(Object.keys(bare)).toEqual(expect.arrayContaining(['inputRound', 'task', 'startTask']));
    for (const key of Object.getOwnPropertyNames(bare)) {
      expect(Object.getOwnPropertyDescriptor(bare, key)).not.toHaveProperty('get');
    }
  });
});

describe('scopeWith', () => {
  const round = { inputResponses: undefined } as unknown as InputRoundPort;

  it('changes the given fields and keeps the rest and the original signal', () => {
    const source = countingSource();
    const scope: RequestScope = new RequestScopeRecord(source, FIELDS);
    const next = scopeWith(scope, { inputRound: round });
    expect(next.inputRound).toBe(round);
    expect(next).toMatchObject({ requestId: 7, params: { name: 'echo' }, principal: 'alice' });
    expect(source.reads).toBe(0); // nothing read the signal while copying
    expect(next.signal).toBe(source.signal);
  });

  it('reads the signal from another source when given one', () => {
    const own = countingSource();
    const other = new AbortController();
    const next = scopeWith(new RequestScopeRecord(own, FIELDS), {}, { signal: other.signal });
    expect(next.signal).toBe(other.signal);
    expect(own.reads).toBe(0);
  });
});
