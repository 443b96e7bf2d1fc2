import { tap, type Observable } from 'rxjs';
import type {
  ClientSendOptions,
  ClientTransport,
} from '../../client/client-transport.interface.js';
import type { JsonRpcMessage } from '../../protocol/json-rpc.js';

/**
 * A transport that shows every JSON-RPC message going out (`→`) and coming in (`←`) before
 * passing it on unchanged: the CLI's `-vv` wire view.
 */
export class TappedTransport implements ClientTransport {
  readonly messages$: Observable<JsonRpcMessage>;
  readonly errors$: Observable<Error>;

  constructor(
    /** The transport being shown. */
    readonly inner: ClientTransport,
    private readonly show: (line: string) => void,
  ) {
    this.messages$ = inner.messages$.pipe(tap((m) => show(`← ${JSON.stringify(m)}`)));
    this.errors$ = inner.errors$;
  }

  get usesRequestHeaders(): boolean | undefined {
    return this.inner.usesRequestHeaders;
  }

  get legacyOnly(): boolean | undefined {
    return this.inner.legacyOnly;
  }

  get closeError(): Error | undefined {
    return this.inner.closeError;
  }

  start(): Promise<void> {
    return this.inner.start();
  }

  send(message: JsonRpcMessage, options?: ClientSendOptions): Promise<void> {
    this.show(`→ ${JSON.stringify(message)}`);
    return this.inner.send(message, options);
  }

  async sendBatch(messages: JsonRpcMessage[]): Promise<void> {
    this.show(`→ ${JSON.stringify(messages)}`);
    if (this.inner.sendBatch) return this.inner.sendBatch(messages);
    await Promise.all(messages.map((m) => this.inner.send(m)));
  }

  close(): Promise<void> {
    return this.inner.close();
  }

  setProtocolVersion(version: string): void {
    this.inner.setProtocolVersion?.(version);
  }

  resetSession(): void {
    this.inner.resetSession?.();
  }
}
