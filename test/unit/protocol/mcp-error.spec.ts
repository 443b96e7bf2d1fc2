import { ErrorCode } from '../../../lib/protocol/error-codes.js';
import { McpError } from '../../../lib/errors/mcp.error.js';

describe('McpError', () => {
  it('is an Error carrying code, message and data', () => {
    const error = new McpError(-32002, 'Resource not found', { uri: 'file:///x' });
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('McpError');
    expect(error.code).toBe(-32002);
    expect(error.message).toBe('Resource not found');
    expect(error.data).toEqual({ uri: 'file:///x' });
  });

  describe('toJson', () => {
    it('returns exactly code, message and data', () => {
      expect(new McpError(1, 'm', { a: 1 }).toJson()).toEqual({
        code: 1,
        message: 'm',
        data: { a: 1 },
      });
    });

    it('omits data when there is none (no "data" key at all)', () => {
      const json = new McpError(-32600, 'bad').toJson();
      expect(json).toEqual({ code: -32600, message: 'bad' });
      expect('data' in json).toBe(false);
    });

    it('keeps falsy data values', () => {
      expect(new McpError(1, 'm', 0).toJson()).toEqual({ code: 1, message: 'm', data: 0 });
      expect(new McpError(1, 'm', null).toJson()).toEqual({ code: 1, message: 'm', data: null });
    });

    it('never includes a stack trace', () => {
      const serialised = JSON.stringify(new McpError(-32603, 'x').toJson());
      expect(serialised).not.toContain('stack');
      expect(serialised).not.toContain('at ');
    });
  });

  it('fromJson round-trips a peer error object', () => {
    const error = McpError.fromJson({ code: -32601, message: 'nope', data: { method: 'x' } });
    expect(error).toBeInstanceOf(McpError);
    expect(error.toJson()).toEqual({ code: -32601, message: 'nope', data: { method: 'x' } });
  });

  describe('factories', () => {
    it('invalidParams is -32602 with optional data', () => {
      const error = McpError.invalidParams('bad cursor', { cursor: 'x' });
      expect(error.code).toBe(ErrorCode.InvalidParams);
      expect(error.code).toBe(-32602);
      expect(error.message).toBe('bad cursor');
      expect(error.data).toEqual({ cursor: 'x' });
      expect(McpError.invalidParams('m').data).toBeUndefined();
    });

    it('methodNotFound is -32601 naming the method in message and data', () => {
      const error = McpError.methodNotFound('foo/bar');
      expect(error.code).toBe(-32601);
      expect(error.message).toBe('Method not found: foo/bar');
      expect(error.data).toEqual({ method: 'foo/bar' });
    });

    it('invalidRequest is -32600 without data', () => {
      const error = McpError.invalidRequest('no');
      expect(error.toJson()).toEqual({ code: -32600, message: 'no' });
    });

    it('internal is -32603 with a generic message by default', () => {
      expect(McpError.internal().toJson()).toEqual({ code: -32603, message: 'Internal error' });
      expect(McpError.internal('custom').message).toBe('custom');
    });
  });
});

describe('ErrorCode', () => {
  it('has the spec values', () => {
    expect(ErrorCode).toEqual({
      ParseError: -32700,
      InvalidRequest: -32600,
      MethodNotFound: -32601,
      InvalidParams: -32602,
      InternalError: -32603,
      ResourceNotFound: -32002,
      UrlElicitationRequired: -32042,
      HeaderMismatch: -32020,
      MissingRequiredClientCapability: -32021,
      UnsupportedProtocolVersion: -32022,
    });
  });
});
