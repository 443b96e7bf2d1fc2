import { PassThrough } from 'node:stream';
import { LineInput } from '../../../../lib/cli/io/line-input.js';

describe('LineInput (the one stdin reader of the CLI)', () => {
  const setup = () => {
    const input = new PassThrough();
    const output = new PassThrough();
    let written = '';
    output.on('data', (chunk: Buffer) => (written += chunk.toString()));
    const line = new LineInput({ input, output, terminal: false });
    return { input, line, written: () => written };
  };

  it('queues lines that arrive before anyone asks, and writes each prompt', async () => {
    const { input, line, written } = setup();
    input.write('first\nsecond\n');
    await new Promise((r) => setImmediate(r));
    await expect(line.read('a> ')).resolves.toBe('first');
    await expect(line.read('b> ')).resolves.toBe('second');
    expect(written()).toContain('a> ');
    expect(written()).toContain('b> ');
    line.close();
  });

  it('gives the next line to the latest question (an elicitation during the REPL prompt)', async () => {
    const { input, line } = setup();
    const command = line.read('mcp> ');
    const question = line.read('name: ');
    input.write('Ada\nexit\n');
    await expect(question).resolves.toBe('Ada');
    await expect(command).resolves.toBe('exit');
    line.close();
  });

  it('resolves undefined once the input ended, after the queued lines', async () => {
    const { input, line } = setup();
    const pending = line.read('mcp> ');
    input.end('last\n');
    await expect(pending).resolves.toBe('last');
    await new Promise((r) => setImmediate(r));
    await expect(line.read('mcp> ')).resolves.toBeUndefined();
    expect(line.closed).toBe(true);
  });

  it('on a terminal keeps commands in the history, never the answers to questions', async () => {
    const input = new PassThrough();
    const output = new PassThrough();
    output.resume();
    const saved: string[][] = [];
    const line = new LineInput({
      input,
      output,
      terminal: true,
      history: ['tools'],
      onHistory: (history) => saved.push([...history]),
    });
    const command = line.read('mcp> ', true);
    input.write('call login\r');
    await expect(command).resolves.toBe('call login');
    const answer = line.read('password: ');
    input.write('s3cret\r');
    await expect(answer).resolves.toBe('s3cret');
    const next = line.read('mcp> ', true);
    input.write('exit\r');
    await expect(next).resolves.toBe('exit');
    expect(saved.at(-1)).toEqual(['exit', 'call login', 'tools']);
    expect(saved.flat()).not.toContain('s3cret');
    // Up-arrow recalls commands only: readline's own list holds no answer either.
    expect((line as unknown as { rl: { history: string[] } }).rl.history).toEqual([
      'exit',
      'call login',
      'tools',
    ]);
    line.close();
  });
});
