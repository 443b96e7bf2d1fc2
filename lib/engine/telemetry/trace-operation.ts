import type { TracingChannel } from 'node:diagnostics_channel';
import type { McpTracedOutcome } from './mcp-telemetry-events.interface.js';

type AnyTracing = TracingChannel<object, object>;

/**
 * True when anyone listens on one of the channel's five events. Checked before an event object
 * is even built, so an unobserved request costs five property reads.
 */
export function isTraced(channel: AnyTracing): boolean {
  return (
    channel.start.hasSubscribers ||
    channel.end.hasSubscribers ||
    channel.asyncStart.hasSubscribers ||
    channel.asyncEnd.hasSubscribers ||
    channel.error.hasSubscribers
  );
}

/**
 * Runs `fn` as a traced operation on `channel`, the way `TracingChannel.tracePromise` does
 * (`start`, `end` once `fn` returned its promise, then `error` on failure, `asyncStart` and
 * `asyncEnd` on settlement, stores bound to `start` entered), and also fills `durationMs`, and
 * `error` or what `onResult` records, before the async events. A `start` subscriber may set
 * `context.runInContext` to run `fn` inside its own async context.
 */
export function traceOperation<C extends McpTracedOutcome, T>(
  channel: AnyTracing,
  context: C,
  fn: () => Promise<T>,
  onResult: (context: C, result: T) => void,
): Promise<T> {
  const started = performance.now();
  const settle = (failed: boolean, value: unknown): void => {
    context.durationMs = performance.now() - started;
    if (failed) {
      context.error = value;
      channel.error.publish(context);
    } else onResult(context, value as T);
    channel.asyncStart.publish(context);
    channel.asyncEnd.publish(context);
  };
  return channel.start.runStores(context, () => {
    let promise: Promise<T>;
    try {
      promise = context.runInContext ? context.runInContext(fn) : fn();
    } catch (error) {
      settle(true, error);
      channel.end.publish(context);
      throw error;
    }
    channel.end.publish(context);
    return promise.then(
      (result) => {
        settle(false, result);
        return result;
      },
      (error: unknown) => {
        settle(true, error);
        throw error;
      },
    );
  });
}
