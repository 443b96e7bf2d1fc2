import type { IncomingHttpHeaders } from 'node:http';
import {
  checkParamHeaders,
  checkStandardHeaders,
  headerValue,
} from '../../../../lib/transports/http/modern-headers.js';
import { modernErrorStatus } from '../../../../lib/transports/http/modern-status.js';
import { McpError } from '../../../../lib/errors/mcp.error.js';
import { markEnvelopeError } from '../../../../lib/protocol/modern/envelope-error.js';

const req = (headers: Record<string, string>): IncomingHttpHeaders => headers;
const call = (name: string) => ({
  jsonrpc: '2.0' as const,
  id: 1,
  method: 'tools/call',
  params: { name },
});

function codeOf(fn: () => void): number | undefined {
  try {
    fn();
    return undefined;
  } catch (error) {
    return (error as McpError).code;
  }
}

describe('headerValue', () => {
  it('trims OWS', () => {
    expect(headerValue(req({ 'mcp-name': ' \t x \t' }), 'mcp-name')).toBe('x');
  });

  it('trims OWS on one edge only, keeps inner spaces and an untrimmed value as is', () => {
    expect(headerValue(req({ 'mcp-name': 'a b\t' }), 'mcp-name')).toBe('a b');
    expect(headerValue(req({ 'mcp-name': ' a b' }), 'mcp-name')).toBe('a b');
    expect(headerValue(req({ 'mcp-name': 'a b' }), 'mcp-name')).toBe('a b');
    expect(headerValue(req({ 'mcp-name': ' ' }), 'mcp-name')).toBe('');
    expect(headerValue(req({ 'mcp-name': '' }), 'mcp-name')).toBe('');
    expect(headerValue(req({}), 'mcp-name')).toBeUndefined();
  });
});

describe('checkStandardHeaders', () => {
  it('accepts matching headers (name with OWS)', () => {
    expect(
      codeOf(() =>
        checkStandardHeaders(req({ 'mcp-method': 'tools/call', 'mcp-name': '  t  ' }), call('t')),
      ),
    ).toBeUndefined();
  });

  it.each([
    ['missing Mcp-Method', { 'mcp-name': 't' }],
    ['other Mcp-Method', { 'mcp-method': 'tools/list', 'mcp-name': 't' }],
    ['Mcp-Method in another case', { 'mcp-method': 'TOOLS/CALL', 'mcp-name': 't' }],
    ['missing Mcp-Name', { 'mcp-method': 'tools/call' }],
    ['other Mcp-Name', { 'mcp-method': 'tools/call', 'mcp-name': 'u' }],
  ])('%s → -32020', (_, headers) => {
    expect(codeOf(() => checkStandardHeaders(req(headers), call('t')))).toBe(-32020);
  });
});

describe('checkParamHeaders', () => {
  const rules = [
    { path: ['region'], header: 'Region', headerLower: 'mcp-param-region', type: 'string' },
    { path: ['n'], header: 'N', headerLower: 'mcp-param-n', type: 'integer' },
    { path: ['b'], header: 'B', headerLower: 'mcp-param-b', type: 'boolean' },
  ] as const;

  it('accepts matching values (integers numerically, booleans as true/false)', () => {
    const headers = {
      'mcp-param-region': '=?base64?ZXUtd2VzdA==?=',
      'mcp-param-n': '007',
      'mcp-param-b': 'false',
    };
    expect(
      codeOf(() => checkParamHeaders(req(headers), rules, { region: 'eu-west', n: 7, b: false })),
    ).toBeUndefined();
  });

  it('an absent or null argument needs no header', () => {
    expect(codeOf(() => checkParamHeaders(req({}), rules, { region: null }))).toBeUndefined();
  });

  it.each([
    ['a missing header', {}, { region: 'x' }],
    ['a different value', { 'mcp-param-region': 'y' }, { region: 'x' }],
    ['a bad base64 value', { 'mcp-param-region': '=?base64?eA?=' }, { region: 'x' }],
    ['a non-numeric integer', { 'mcp-param-n': 'seven' }, { n: 7 }],
    ['a boolean in another case', { 'mcp-param-b': 'True' }, { b: true }],
  ])('%s → -32020', (_, headers, args) => {
    expect(codeOf(() => checkParamHeaders(req(headers), rules, args))).toBe(-32020);
  });
});

describe('modernErrorStatus', () => {
  it.each([
    [-32020, 400],
    [-32021, 400],
    [-32022, 400],
    [-32601, 404],
    [-32602, 200],
    [-32603, 200],
  ])('%i → %i', (code, status) => {
    expect(modernErrorStatus(new McpError(code, 'x'), code)).toBe(status);
  });

  it('an envelope -32602 is 400', () => {
    expect(modernErrorStatus(markEnvelopeError(McpError.invalidParams('x')), -32602)).toBe(400);
  });
});
