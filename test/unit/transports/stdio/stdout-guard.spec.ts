import { PassThrough } from 'node:stream';
import { StdoutGuard } from '../../../../lib/transports/stdio/stdout-guard.js';
import { OutputCollector, until } from './support.js';

function fakes() {
  const stdout = new OutputCollector();
  const stderr = new OutputCollector();
  const original = {
    log: (..._args: unknown[]) => undefined,
    info: (..._args: unknown[]) => undefined,
    debug: (..._args: unknown[]) => undefined,
  };
  const console = { ...original };
  return { stdout, stderr, console, original };
}

describe('StdoutGuard', () => {
  it('sends console.log/info/debug and stray stdout writes to stderr while installed', async () => {
    const { stdout, stderr, console } = fakes();
    const guard = StdoutGuard.install({ stdout: stdout.stream, stderr: stderr.stream, console });

    console.log('hello %s', 'world', { a: 1 });
    console.info('info');
    console.debug('debug');
    stdout.stream.write('raw write\n');

    await until(() => stderr.raw.includes('raw write'), 'stderr output');
    expect(stderr.raw).toBe('hello world { a: 1 }\ninfo\ndebug\nraw write\n');
    expect(stdout.raw).toBe('');
    guard.restore();
  });

  it('keeps protocolOutput as the only way to the real stdout', async () => {
    const { stdout, stderr, console } = fakes();
    const guard = StdoutGuard.install({ stdout: stdout.stream, stderr: stderr.stream, console });
    const written = await new Promise<Error | null | undefined>((resolve) =>
      guard.protocolOutput.write('{"jsonrpc":"2.0"}\n', resolve),
    );
    expect(written).toBeFalsy();
    await until(() => stdout.raw !== '', 'stdout output');
    expect(stdout.raw).toBe('{"jsonrpc":"2.0"}\n');
    expect(stderr.raw).toBe('');
    guard.restore();
  });

  it('restore() puts back stdout.write and the console methods', async () => {
    const { stdout, stderr, console, original } = fakes();
    const ownWriteBefore = Object.prototype.hasOwnProperty.call(stdout.stream, 'write');
    const guard = StdoutGuard.install({ stdout: stdout.stream, stderr: stderr.stream, console });
    expect(guard.active).toBe(true);
    guard.restore();
    guard.restore();

    expect(guard.active).toBe(false);
    expect(console).toEqual(original);
    expect(Object.prototype.hasOwnProperty.call(stdout.stream, 'write')).toBe(ownWriteBefore);
    stdout.stream.write('back to stdout\n');
    await until(() => stdout.raw !== '', 'stdout output');
    expect(stdout.raw).toBe('back to stdout\n');
    expect(stderr.raw).toBe('');
  });

  it('turns a stdout error into an error of protocolOutput', async () => {
    const stdout = new PassThrough();
    const { stderr, console } = fakes();
    const guard = StdoutGuard.install({ stdout, stderr: stderr.stream, console });
    const errors: Error[] = [];
    guard.protocolOutput.on('error', (e) => errors.push(e));
    stdout.emit('error', new Error('EPIPE'));
    await until(() => errors.length > 0, 'protocolOutput error');
    expect(errors[0].message).toBe('EPIPE');
    guard.restore();
  });
});
