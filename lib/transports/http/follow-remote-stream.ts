import type { ServerResponse } from 'node:http';
import { ErrorCode } from '../../protocol/error-codes.js';
import { errorResponse, type JsonRpcMessage, type RequestId } from '../../protocol/json-rpc.js';
import { encodeMessage, type EncodeFailureReport } from '../../protocol/encode-message.js';
import type { SharedEventStore, StreamInfo } from '../../stores/event-store.interface.js';
import type { ClusterPort } from '../server-port/cluster-port.interface.js';
import { messageEvent } from '../shared/sse/sse-event.js';
import { SseWriter } from '../shared/sse/sse-writer.js';
import { storeRefusal } from './store-refusal.js';

/** The message a request gets when the instance running its handler disappeared. */
export const OWNER_GONE_MESSAGE =
  'The server instance handling this request stopped before answering; retry the request';

/** What {@link followRemoteStream} needs. */
export interface RemoteFollow {
  store: SharedEventStore;
  cluster: ClusterPort;
  report: EncodeFailureReport;
  keepAliveMs: number;
}

/**
 * Resumes, on this instance, a stream another instance writes (`Last-Event-ID` after the client
 * was balanced elsewhere): replays what was missed, then relays each new event until the stream
 * ends, the client goes away, or the writing instance is presumed dead. In the last case each
 * request of the stream still unanswered gets a JSON-RPC error on the stream, so the client
 * never waits forever. When the store cannot follow the stream now, it is refused with 503
 * before anything is sent; when it can no longer follow it, the stream is closed (the client
 * resumes).
 * @throws HttpRefusal 503 with `Retry-After` when the store cannot follow the stream now.
 */
export async function followRemoteStream(
  res: ServerResponse,
  lastEventId: string,
  info: StreamInfo,
  follow: RemoteFollow,
): Promise<void> {
  const pending = new Set<RequestId>(info.requestIds);
  const writer = new SseWriter(res, { keepAliveMs: follow.keepAliveMs });
  let ownerGone = false;
  const stop = () => {
    if (writer.closed) return true;
    ownerGone = !follow.cluster.isAlive(info.owner);
    return ownerGone;
  };
  try {
    await follow.store.follow(
      lastEventId,
      (id, message) => {
        if (message === null) return;
        const response = message as { id?: RequestId; method?: unknown };
        if (response.method === undefined && response.id !== undefined) pending.delete(response.id);
        const json = encodeMessage(message as JsonRpcMessage, follow.report);
        if (json === undefined) return undefined;
        writer.send(messageEvent(json, id));
        return writer.writable(); // backpressure: the next event is read once the socket took this one
      },
      stop,
      () => writer.open(),
    );
  } catch (error) {
    // Not followed (refused before opening: 503), or no longer (closed: the client resumes).
    if (!writer.started) throw storeRefusal(error);
    ownerGone = false;
  }
  if (ownerGone) {
    for (const id of pending) {
      const answer = errorResponse(id, {
        code: ErrorCode.InternalError,
        message: OWNER_GONE_MESSAGE,
      });
      writer.send(messageEvent(JSON.stringify(answer)));
    }
  }
  writer.open(); // no-op once opened
  writer.close();
}
