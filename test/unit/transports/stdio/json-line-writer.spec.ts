import { PassThrough } from 'node:stream';
import { JsonLineWriter } from '../../../../lib/transports/stdio/json-line-writer.js';
import { HeldWritable, until } from './support.js';

function makeWriter(output: HeldWritable | PassThrough, maxBufferedBytes?: number) {
  const congestion: boolean[] = [];
  const failures: Error[] = [];
  const writer = new JsonLineWriter(
    output,
    { congestion: (c) => congestion.push(c), failed: (e) => failures.push(e) },
    maxBufferedBytes,
  );
  return { writer, congestion, failures };
}

describe('JsonLineWriter', () => {
  it('writes each line followed by a newline', async () => {
    const output = new HeldWritable();
    output.release();
    const { writer } = makeWriter(output);
    writer.writeLine('{"a":1}');
    writer.writeLine('{"b":2}');
    await writer.flush();
    expect(output.chunks.join('')).toBe('{"a":1}\n{"b":2}\n');
  });

  it('stops writing when write() returns false and resumes on drain, in order', async () => {
    const output = new HeldWritable(16);
    const { writer, congestion } = makeWriter(output);
    const lines = Array.from({ length: 10 }, (_, i) => JSON.stringify({ n: i }));
    for (const line of lines) expect(writer.writeLine(line)).toBe(true);

    expect(writer.congested).toBe(true);
    expect(congestion).toEqual([true]);
    // Only what was written before the backpressure reached the stream; the rest waits here.
    expect(output.chunks.length).toBeLessThan(10);
    expect(writer.bufferedBytes).toBeGreaterThan(0);

    output.release();
    await writer.flush();
    expect(congestion).toEqual([true, false]);
    expect(writer.bufferedBytes).toBe(0);
    expect(output.lines()).toEqual(lines.map((l) => JSON.parse(l)));
  });

  it('fails instead of buffering without bound when the reader never reads', () => {
    const output = new HeldWritable(16);
    const { writer, failures } = makeWriter(output, 100);
    const done: Array<Error | undefined> = [];
    let accepted = true;
    for (let i = 0; i < 50 && accepted; i++) {
      accepted = writer.writeLine(JSON.stringify({ n: i, pad: 'x'.repeat(20) }), (e) =>
        done.push(e),
      );
    }
    expect(accepted).toBe(false);
    expect(failures).toHaveLength(1);
    expect(failures[0].message).toMatch(/buffer limit of 100 bytes/);
    expect(writer.closed).toBe(true);
    expect(writer.bufferedBytes).toBe(0);
    expect(done.some((e) => e instanceof Error)).toBe(true);
    expect(writer.writeLine('{}')).toBe(false);
  });

  it('reports an output error once and then refuses lines', async () => {
    const output = new PassThrough();
    const { writer, failures } = makeWriter(output);
    output.destroy(new Error('EPIPE'));
    await until(() => failures.length > 0, 'failure');
    expect(failures.map((e) => e.message)).toEqual(['EPIPE']);
    let error: Error | undefined;
    expect(writer.writeLine('{}', (e) => (error = e))).toBe(false);
    expect(error?.message).toBe('EPIPE');
  });

  it('calls each line callback once it was handed over', async () => {
    const output = new HeldWritable(1024);
    const { writer } = makeWriter(output);
    const done: string[] = [];
    writer.writeLine('{"x":1}', (e) => done.push(e ? 'error' : 'ok'));
    await new Promise((resolve) => setImmediate(resolve));
    expect(done).toEqual([]);
    output.release();
    await writer.flush();
    expect(done).toEqual(['ok']);
  });

  it('ends the output after the queued lines on end()', async () => {
    const output = new HeldWritable(8);
    const { writer, failures } = makeWriter(output);
    writer.writeLine('{"first":true}');
    writer.writeLine('{"second":true}');
    writer.end();
    expect(output.writableEnded).toBe(false);
    output.release();
    await until(() => output.writableFinished, 'finish');
    expect(output.lines()).toEqual([{ first: true }, { second: true }]);
    expect(failures).toEqual([]);
  });
});
