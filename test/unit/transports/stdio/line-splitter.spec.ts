import { LineSplitter } from '../../../../lib/transports/stdio/line-splitter.js';

function collect(maxLineBytes?: number) {
  const lines: string[] = [];
  let oversized = 0;
  const splitter = new LineSplitter(
    { line: (text) => lines.push(text), oversized: () => oversized++ },
    maxLineBytes,
  );
  return { splitter, lines, oversized: () => oversized };
}

describe('LineSplitter', () => {
  it('splits on \\n, strips a trailing \\r and ignores blank lines', () => {
    const { splitter, lines } = collect();
    splitter.push('one\ntwo\r\n\n  \r\n\t\nthree\n');
    expect(lines).toEqual(['one', 'two', 'three']);
  });

  it('joins lines cut across chunks, even inside a multi-byte character', () => {
    const { splitter, lines } = collect();
    const bytes = Buffer.from('{"text":"héllo €"}\n{"b":2}\n', 'utf8');
    for (let i = 0; i < bytes.length; i++) splitter.push(bytes.subarray(i, i + 1));
    expect(lines).toEqual(['{"text":"héllo €"}', '{"b":2}']);
    expect(splitter.bufferedBytes).toBe(0);
  });

  it('keeps an unfinished line until its newline arrives', () => {
    const { splitter, lines } = collect();
    splitter.push('abc');
    expect(lines).toEqual([]);
    expect(splitter.bufferedBytes).toBe(3);
    splitter.push('def\n');
    expect(lines).toEqual(['abcdef']);
  });

  it('accepts a line of exactly the limit and rejects one byte more', () => {
    const { splitter, lines, oversized } = collect(8);
    splitter.push('12345678\n123456789\nok\n');
    expect(lines).toEqual(['12345678', 'ok']);
    expect(oversized()).toBe(1);
  });

  it('reports an oversized line once and drops it as it arrives, never buffering it whole', () => {
    const { splitter, lines, oversized } = collect(1024);
    let maxBuffered = 0;
    for (let i = 0; i < 100; i++) {
      splitter.push('x'.repeat(500));
      maxBuffered = Math.max(maxBuffered, splitter.bufferedBytes);
    }
    expect(oversized()).toBe(1);
    expect(maxBuffered).toBeLessThanOrEqual(1024);
    expect(splitter.bufferedBytes).toBe(0);
    splitter.push('yyy\nafter\n');
    expect(lines).toEqual(['after']);
  });

  it('delivers a last line without a newline at the end of input', () => {
    const { splitter, lines } = collect();
    splitter.push('first\nlast\r');
    splitter.end();
    expect(lines).toEqual(['first', 'last']);
  });

  it('drops the tail of an oversized line at the end of input', () => {
    const { splitter, lines, oversized } = collect(4);
    splitter.push('0123456789');
    splitter.end();
    expect(lines).toEqual([]);
    expect(oversized()).toBe(1);
  });

  it('rejects a limit that is not a positive integer', () => {
    const handlers = { line: () => undefined, oversized: () => undefined };
    expect(() => new LineSplitter(handlers, 0)).toThrow(RangeError);
    expect(() => new LineSplitter(handlers, 1.5)).toThrow(RangeError);
  });
});
