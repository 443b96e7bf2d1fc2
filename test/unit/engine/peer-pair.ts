import { JsonRpcPeer } from '../../../lib/engine/json-rpc-peer.js';
import type {
  JsonRpcPeerOptions,
  PeerRequestHandler,
} from '../../../lib/engine/json-rpc-peer.interface.js';
import type { JsonRpcMessage, RequestId } from '../../../lib/protocol/json-rpc.js';

/** One `send` call as a peer made it. */
export interface Sent {
  message: JsonRpcMessage;
  relatedRequestId?: RequestId;
}

/** Extra data passed with every delivery, so specs can check it reaches handlers. */
export interface WireExtra {
  from: 'a' | 'b';
}

export interface PeerPair {
  a: JsonRpcPeer<WireExtra>;
  b: JsonRpcPeer<WireExtra>;
  /** Everything `a` sent (to `b`), in order. */
  sentByA: Sent[];
  /** Everything `b` sent (to `a`), in order. */
  sentByB: Sent[];
}

type SideOptions = Partial<Omit<JsonRpcPeerOptions<WireExtra>, 'send'>>;

const noHandler: PeerRequestHandler<WireExtra> = (request) => {
  throw new Error(`no handler for ${request.method}`);
};

/**
 * Two peers wired back to back in memory: `a.send` delivers to `b.receive` (and vice versa) on a
 * microtask, like a transport would, and every send is recorded.
 */
export function peerPair(aOptions: SideOptions = {}, bOptions: SideOptions = {}): PeerPair {
  const sentByA: Sent[] = [];
  const sentByB: Sent[] = [];
  const pair = {} as PeerPair;
  pair.sentByA = sentByA;
  pair.sentByB = sentByB;
  pair.a = new JsonRpcPeer<WireExtra>({
    onRequest: noHandler,
    ...aOptions,
    send: (message, relatedRequestId) => {
      sentByA.push({ message, relatedRequestId });
      queueMicrotask(() => pair.b.receive(message, { from: 'a' }));
    },
  });
  pair.b = new JsonRpcPeer<WireExtra>({
    onRequest: noHandler,
    ...bOptions,
    send: (message, relatedRequestId) => {
      sentByB.push({ message, relatedRequestId });
      queueMicrotask(() => pair.a.receive(message, { from: 'b' }));
    },
  });
  return pair;
}

/** Lets queued microtasks and already-resolved promise chains run. */
export async function flush(rounds = 10): Promise<void> {
  for (let i = 0; i < rounds; i++) await Promise.resolve();
}

/** A promise with its resolve/reject exposed. */
export function deferred<T = void>(): {
  promise: Promise<T>;
  resolve: (value: T) => void;
  reject: (error: unknown) => void;
} {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
