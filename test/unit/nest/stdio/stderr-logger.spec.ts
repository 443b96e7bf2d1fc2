import { StderrLogger } from '../../../../lib/nest/stdio/stderr-logger.js';

/** Start of an ANSI colour sequence. */
const ESC = '\u001b[';

describe('StderrLogger', () => {
  let stdoutWrite: jest.SpiedFunction<typeof process.stdout.write>;
  let stderrWrite: jest.SpiedFunction<typeof process.stderr.write>;

  beforeEach(() => {
    stdoutWrite = import.meta.jest.spyOn(process.stdout, 'write').mockImplementation(() => true);
    stderrWrite = import.meta.jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
  });

  afterEach(() => {
    stdoutWrite.mockRestore();
    stderrWrite.mockRestore();
  });

  it('writes every level to stderr and nothing to stdout', () => {
    const logger = new StderrLogger({ colors: false });
    logger.log('a log', 'Ctx');
    logger.warn('a warning', 'Ctx');
    logger.debug('a debug line', 'Ctx');
    logger.verbose('a verbose line', 'Ctx');
    logger.error('an error', 'stack trace', 'Ctx');
    logger.fatal('fatal', 'Ctx');

    expect(stdoutWrite).not.toHaveBeenCalled();
    const text = stderrWrite.mock.calls.map(([chunk]) => String(chunk)).join('');
    for (const expected of [
      'a log',
      'a warning',
      'a debug line',
      'a verbose line',
      'an error',
      'fatal',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).toContain('[Ctx]');
  });

  it('writes JSON logs to stderr too', () => {
    new StderrLogger({ json: true }).log('structured', 'Ctx');
    expect(stdoutWrite).not.toHaveBeenCalled();
    const record = JSON.parse(String(stderrWrite.mock.calls[0][0])) as Record<string, unknown>;
    expect(record).toMatchObject({ level: 'log', message: 'structured', context: 'Ctx' });
  });

  it('colours only when stderr is a terminal and NO_COLOR is unset', () => {
    const isTTY = Object.getOwnPropertyDescriptor(process.stderr, 'isTTY');
    const noColor = process.env.NO_COLOR;
    const print = (tty: boolean) => {
      Object.defineProperty(process.stderr, 'isTTY', { value: tty, configurable: true });
      stderrWrite.mockClear();
      new StderrLogger().warn('message', 'Ctx');
      return String(stderrWrite.mock.calls[0][0]);
    };
    try {
      delete process.env.NO_COLOR;
      expect(print(false)).not.toContain(ESC);
      expect(print(true)).toContain(ESC);
      process.env.NO_COLOR = '1';
      expect(print(true)).not.toContain(ESC);
    } finally {
      if (noColor === undefined) delete process.env.NO_COLOR;
      else process.env.NO_COLOR = noColor;
      if (isTTY) Object.defineProperty(process.stderr, 'isTTY', isTTY);
      else delete (process.stderr as { isTTY?: boolean }).isTTY;
    }
  });
});
