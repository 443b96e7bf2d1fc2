import { randomBytes } from 'node:crypto';
import { McpError } from '../../errors/mcp.error.js';
import { ErrorCode } from '../../protocol/error-codes.js';
import type { SessionRecord } from '../../stores/session-store.interface.js';
import type { HttpSessionChannel } from './http-session-channel.js';

/**
 * The record of a live session: what another instance needs to serve it. With `maxStateBytes`
 * (instances sharing the store) `ctx.session.state` goes with it as JSON, under that bound.
 * @throws McpError -32603 when the state is larger than `maxStateBytes` or not JSON.
 */
export function recordOf(channel: HttpSessionChannel, maxStateBytes?: number): SessionRecord {
  const { session } = channel;
  const record: SessionRecord = {
    id: session.id!,
    protocol: session.protocol,
    subscriptions: [...(session.subscriptionsIfAny ?? [])],
    principal: channel.principal,
    createdAt: Date.now(),
  };
  if (maxStateBytes === undefined) return record;
  const state = session.state.toRecord();
  const bytes = jsonBytes(state);
  if (bytes > maxStateBytes) {
    throw new McpError(
      ErrorCode.InternalError,
      `The session state is ${bytes} bytes as JSON, over the limit of ${maxStateBytes} bytes (maxSessionStateBytes); it was not stored`,
    );
  }
  record.state = state;
  record.stateRevision = session.stateRevision + 1;
  record.stateTag = randomBytes(6).toString('hex');
  return record;
}

/** Size of `value` as UTF-8 JSON; -32603 when it is not JSON (a BigInt, a cycle). */
function jsonBytes(value: unknown): number {
  try {
    return Buffer.byteLength(JSON.stringify(value));
  } catch (error) {
    throw new McpError(
      ErrorCode.InternalError,
      `The session state cannot be stored as JSON: ${(error as Error).message}`,
    );
  }
}

/**
 * Brings a live copy up to date with the stored record: subscriptions, log level, and the state
 * when the record holds a newer write (never an older one, e.g. read while this copy's own write
 * was in flight).
 */
export function applyRecord(channel: HttpSessionChannel, record: SessionRecord): void {
  const { session } = channel;
  session.protocol.logLevel = record.protocol.logLevel;
  if ((session.subscriptionsIfAny?.size ?? 0) !== 0 || record.subscriptions.length !== 0) {
    session.subscriptions.clear();
    for (const uri of record.subscriptions) session.subscriptions.add(uri);
  }
  const revision = record.stateRevision ?? 0;
  if (
    revision > session.stateRevision ||
    (revision === session.stateRevision && record.stateTag !== session.stateTag)
  ) {
    session.state.load(record.state);
    session.stateRevision = revision;
    session.stateTag = record.stateTag;
  }
}
