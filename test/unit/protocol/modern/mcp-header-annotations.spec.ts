import { scanMcpHeaderAnnotations } from '../../../../lib/protocol/modern/mcp-header-annotations.js';

const obj = (properties: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  type: 'object',
  properties,
  ...extra,
});

describe('scanMcpHeaderAnnotations', () => {
  it('collects annotated string/integer/boolean properties, nested through properties', () => {
    const rules = scanMcpHeaderAnnotations(
      obj({
        region: { type: 'string', 'x-mcp-header': 'Region' },
        n: { type: 'integer', 'x-mcp-header': 'N' },
        deep: obj({ flag: { type: 'boolean', 'x-mcp-header': 'Flag' } }),
      }),
    );
    expect(rules).toEqual([
      { path: ['region'], header: 'Region', headerLower: 'mcp-param-region', type: 'string' },
      { path: ['n'], header: 'N', headerLower: 'mcp-param-n', type: 'integer' },
      { path: ['deep', 'flag'], header: 'Flag', headerLower: 'mcp-param-flag', type: 'boolean' },
    ]);
  });

  it('no annotations → no rules', () => {
    expect(scanMcpHeaderAnnotations(obj({ a: { type: 'string' } }))).toEqual([]);
  });

  it.each([
    ['an empty name', obj({ a: { type: 'string', 'x-mcp-header': '' } }), /token/],
    ['a name with a space', obj({ a: { type: 'string', 'x-mcp-header': 'A B' } }), /token/],
    ['a name with CR/LF', obj({ a: { type: 'string', 'x-mcp-header': 'A\r\nB' } }), /token/],
    ['a number property', obj({ a: { type: 'number', 'x-mcp-header': 'A' } }), /number/],
    ['an object property', obj({ a: obj({}, { 'x-mcp-header': 'A' }) }), /object/],
    [
      'a duplicate (case-insensitive)',
      obj({
        a: { type: 'string', 'x-mcp-header': 'Region' },
        b: { type: 'string', 'x-mcp-header': 'REGION' },
      }),
      /twice/,
    ],
    [
      'an annotation under items',
      obj({ a: { type: 'array', items: { type: 'string', 'x-mcp-header': 'A' } } }),
      /reachable/,
    ],
    [
      'an annotation under anyOf',
      obj({}, { anyOf: [obj({ a: { type: 'string', 'x-mcp-header': 'A' } })] }),
      /reachable/,
    ],
    [
      'an integer beyond 2^53',
      obj({ a: { type: 'integer', maximum: 2 ** 60, 'x-mcp-header': 'A' } }),
      /2\^53/,
    ],
  ])('refuses %s', (_, schema, reason) => {
    expect(() => scanMcpHeaderAnnotations(schema)).toThrow(reason);
  });
});
