import {
  encodeSseComment,
  encodeSseEvent,
} from '../../../../../lib/transports/shared/sse/sse-event.js';

describe('encodeSseEvent', () => {
  it('encodes the MCP priming event: an id and one empty data line', () => {
    expect(encodeSseEvent({ id: 's1_1', data: '' })).toBe('id: s1_1\ndata: \n\n');
  });

  it('writes id, event, retry and data in that order, closed by a blank line', () => {
    expect(encodeSseEvent({ data: '{"a":1}', retry: 1000, event: 'message', id: '7' })).toBe(
      'id: 7\nevent: message\nretry: 1000\ndata: {"a":1}\n\n',
    );
  });

  it('splits multi-line data on LF, CRLF and CR into several data lines', () => {
    expect(encodeSseEvent({ data: 'a\nb\r\nc\rd' })).toBe('data: a\ndata: b\ndata: c\ndata: d\n\n');
  });

  it('keeps empty lines inside data, including a trailing one', () => {
    expect(encodeSseEvent({ data: 'a\n\nb\n' })).toBe('data: a\ndata: \ndata: b\ndata: \n\n');
  });

  it('preserves a leading space in a value (the parser strips only the one after the colon)', () => {
    expect(encodeSseEvent({ data: ' x' })).toBe('data:  x\n\n');
  });

  it('omits absent fields: a retry-only event carries no data line', () => {
    expect(encodeSseEvent({ retry: 0 })).toBe('retry: 0\n\n');
    expect(encodeSseEvent({ id: 'x' })).toBe('id: x\n\n');
  });

  it.each(['a\nb', 'a\rb', 'a\r\nb'])('rejects CR/LF in id and event (%j)', (bad) => {
    expect(() => encodeSseEvent({ id: bad, data: 'x' })).toThrow(TypeError);
    expect(() => encodeSseEvent({ event: bad, data: 'x' })).toThrow(TypeError);
  });

  it('rejects NUL in id', () => {
    expect(() => encodeSseEvent({ id: 'a\0b' })).toThrow(TypeError);
  });

  it.each([-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY])('rejects retry %p', (retry) => {
    expect(() => encodeSseEvent({ retry })).toThrow(RangeError);
  });
});

describe('encodeSseComment', () => {
  it('encodes a keep-alive comment followed by a blank line', () => {
    expect(encodeSseComment('keepalive')).toBe(': keepalive\n\n');
  });

  it('prefixes every line of a multi-line comment, so it cannot inject fields', () => {
    expect(encodeSseComment('a\ndata: x\r\nb')).toBe(': a\n: data: x\n: b\n\n');
  });
});
