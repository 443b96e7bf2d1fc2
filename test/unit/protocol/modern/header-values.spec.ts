import {
  decodeHeaderValue,
  encodeHeaderValue,
  paramHeaderText,
  paramValueAt,
} from '../../../../lib/protocol/modern/header-values.js';
import { modernRequestHeaders } from '../../../../lib/protocol/modern/modern-request-headers.js';
import { scanMcpHeaderAnnotations } from '../../../../lib/protocol/modern/mcp-header-annotations.js';

describe('decodeHeaderValue', () => {
  it.each([
    ['=?base64?SGVsbG8=?=', 'Hello'],
    ['SGVsbG8=', 'SGVsbG8='],
    ['=?base64?SGVsbG8=', '=?base64?SGVsbG8='],
    ['plain value', 'plain value'],
    ['=?base64?4pyT?=', '✓'],
    ['tab\there ~', 'tab\there ~'],
    ['', ''],
  ])('accepts %s', (raw, value) => {
    expect(decodeHeaderValue(raw)).toBe(value);
  });

  it.each([
    ['=?base64?SGVsbG8?='],
    ['=?base64?SGVs!!!bG8=?='],
    ['caf\u00e9'],
    ['=?base64?/w==?='],
    ['a\u007fb'],
    ['line\nbreak'],
    ['nul\u0000'],
  ])('refuses %s', (raw) => {
    expect(decodeHeaderValue(raw)).toBeUndefined();
  });
});

describe('encodeHeaderValue', () => {
  it.each([
    ['us-west1', 'us-west1'],
    ['us west 1', 'us west 1'],
    ['', ''],
    ['Hello, 世界', '=?base64?SGVsbG8sIOS4lueVjA==?='],
    [' padded ', '=?base64?IHBhZGRlZCA=?='],
    ['line1\nline2', '=?base64?bGluZTEKbGluZTI=?='],
    ['line1\r\nline2', '=?base64?bGluZTENCmxpbmUy?='],
    ['\tindented', '=?base64?CWluZGVudGVk?='],
    ['=?base64?literal?=', '=?base64?PT9iYXNlNjQ/bGl0ZXJhbD89?='],
  ])('encodes %j as %s', (value, header) => {
    expect(encodeHeaderValue(value)).toBe(header);
  });

  it('never yields a value with a control character, and decodes back to the original', () => {
    for (const value of ['a\u0000b', 'x\u007f', 'ü', ' x', 'a\r\nInjected: 1']) {
      const header = encodeHeaderValue(value);
      expect(header).toMatch(/^[\x21-\x7e]*$/);
      expect(decodeHeaderValue(header)).toBe(value);
    }
  });
});

describe('paramValueAt / paramHeaderText', () => {
  it('reads nested values and converts by type', () => {
    expect(paramValueAt({ a: { b: 7 } }, ['a', 'b'])).toBe(7);
    expect(paramValueAt({ a: 1 }, ['a', 'b'])).toBeUndefined();
    expect(paramHeaderText(42, 'integer')).toBe('42');
    expect(paramHeaderText(false, 'boolean')).toBe('false');
    expect(paramHeaderText('x', 'string')).toBe('x');
    expect(paramHeaderText(1.5, 'integer')).toBeUndefined();
    expect(paramHeaderText('1', 'boolean')).toBeUndefined();
  });
});

describe('modernRequestHeaders', () => {
  const rules = scanMcpHeaderAnnotations({
    type: 'object',
    properties: {
      region: { type: 'string', 'x-mcp-header': 'Region' },
      verbose: { type: 'boolean', 'x-mcp-header': 'Verbose' },
      query: { type: 'string' },
    },
  });

  it('mirrors method, name and annotated arguments; omits null and absent ones', () => {
    const headers = modernRequestHeaders(
      {
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'sql', arguments: { region: 'eu', verbose: null, query: 'SELECT 1' } },
      },
      '2026-07-28',
      rules,
    );
    expect(headers).toEqual({
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': 'tools/call',
      'mcp-name': 'sql',
      'mcp-param-region': 'eu',
    });
  });

  it('uses the uri for resources/read and encodes it when needed', () => {
    const headers = modernRequestHeaders(
      { jsonrpc: '2.0', id: 1, method: 'resources/read', params: { uri: 'file:///ä.txt' } },
      '2026-07-28',
    );
    expect(headers['mcp-name']).toBe(encodeHeaderValue('file:///ä.txt'));
    expect(decodeHeaderValue(headers['mcp-name']!)).toBe('file:///ä.txt');
  });

  it('gives list requests no Mcp-Name and notifications their method', () => {
    expect(
      modernRequestHeaders({ jsonrpc: '2.0', id: 2, method: 'tools/list' }, '2026-07-28'),
    ).toEqual({ 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/list' });
    expect(
      modernRequestHeaders({ jsonrpc: '2.0', method: 'notifications/cancelled' }, '2026-07-28'),
    ).toEqual({ 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'notifications/cancelled' });
  });
});
