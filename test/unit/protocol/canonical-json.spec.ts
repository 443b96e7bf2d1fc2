import { canonicalJson } from '../../../lib/protocol/canonical-json.js';

describe('canonicalJson', () => {
  it('sorts keys at every level and drops undefined members', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { y: 2, x: 1 }], c: undefined } })).toBe(
      '{"a":{"d":[1,{"x":1,"y":2}]},"b":1}',
    );
  });

  it('writes undefined array items and a bare undefined as null', () => {
    expect([canonicalJson([undefined, 'x']), canonicalJson(undefined)]).toEqual([
      '[null,"x"]',
      'null',
    ]);
  });
});
