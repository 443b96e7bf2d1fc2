import { ServerErrorLog } from '../../../../lib/server/errors/server-error-log.js';
import type { McpLogger } from '../../../../lib/engine/logger.interface.js';

function recorder() {
  const calls: Array<{ level: string; message: string; trace?: string }> = [];
  const logger: McpLogger = {
    error: (message, trace) => calls.push({ level: 'error', message, trace }),
    warn: (message) => calls.push({ level: 'warn', message }),
    debug: (message) => calls.push({ level: 'debug', message }),
  };
  return { calls, logger };
}

describe('ServerErrorLog', () => {
  it('logs a fault at error with its stack and returns a generic -32603 with the same id', () => {
    const { calls, logger } = recorder();
    const error = new ServerErrorLog(logger).fault(new TypeError('x is not a function'), 'Handler');
    const { correlationId } = error.data as { correlationId: string };
    expect(error.toJson()).toEqual({
      code: -32603,
      message: 'Internal error',
      data: { correlationId },
    });
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ level: 'error' });
    expect(calls[0]!.message).toContain(correlationId);
    expect(calls[0]!.message).toContain('x is not a function');
    expect(calls[0]!.trace).toMatch(/^TypeError: x is not a function\n\s+at /);
  });

  it('gives each fault its own correlation id', () => {
    const log = new ServerErrorLog(undefined);
    const a = log.fault(new Error('a'), 'h').data as { correlationId: string };
    const b = log.fault('b', 'h').data as { correlationId: string };
    expect(a.correlationId).not.toBe(b.correlationId);
  });

  it('sends the message instead with exposeErrors', () => {
    const error = new ServerErrorLog(undefined, true).fault(new RangeError('too deep'), 'h');
    expect(error.message).toBe('too deep');
    expect(error.data).toEqual({ correlationId: expect.any(String) });
  });

  it('logs client errors at their level without a stack, rate-limited per category', () => {
    const { calls, logger } = recorder();
    const log = new ServerErrorLog(logger, false, { perInterval: 2 });
    for (let i = 0; i < 5; i++) log.client('http 404', () => `unknown session ${i}`);
    log.client('refused', () => 'over the cap', 'warn');
    expect(calls).toEqual([
      { level: 'debug', message: 'unknown session 0' },
      { level: 'debug', message: 'unknown session 1' },
      { level: 'warn', message: 'over the cap' },
    ]);
  });

  it('skips client errors when the logger has no debug', () => {
    const calls: string[] = [];
    const log = new ServerErrorLog({ error: () => undefined, warn: (m) => calls.push(m) });
    log.client('bad', () => 'dropped');
    log.client('bad', () => 'kept', 'warn');
    expect(calls).toEqual(['kept']);
  });

  it('logs a refusal at warn once per key, per category', () => {
    const { calls, logger } = recorder();
    const log = new ServerErrorLog(logger);
    log.clientOnce('Host/Origin refusals', 'Host a', () => 'refused a');
    log.clientOnce('Host/Origin refusals', 'Host a', () => 'refused a again');
    log.clientOnce('Host/Origin refusals', 'Host b', () => 'refused b');
    log.clientOnce('other', 'Host a', () => 'other a');
    expect(calls).toEqual([
      { level: 'warn', message: 'refused a' },
      { level: 'warn', message: 'refused b' },
      { level: 'warn', message: 'other a' },
    ]);
  });
});
