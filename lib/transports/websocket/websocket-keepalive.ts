/** What a {@link WebSocketKeepAlive} does to its socket. */
export interface KeepAliveActions {
  /** Sends a ping frame. */
  ping(): void;
  /** Called once when the peer missed a whole interval: terminate the socket. */
  onDead(): void;
}

/**
 * Ping/pong liveness of one socket. Every `intervalMs` it checks that the peer showed a sign of
 * life since the previous tick (a pong, or any message) and pings again; a peer that stayed
 * silent for a whole interval after a ping is declared dead. So a half-open TCP connection (a
 * client that vanished without a FIN) is detected within two intervals and its session freed.
 * The timer is unref'd: it never keeps the process alive.
 */
export class WebSocketKeepAlive {
  private timer?: NodeJS.Timeout;
  private alive = true;

  /**
   * @param intervalMs interval between pings; `0` disables keep-alive (start() does nothing).
   */
  constructor(
    private readonly intervalMs: number,
    private readonly actions: KeepAliveActions,
  ) {}

  /** True while the timer runs. */
  get running(): boolean {
    return this.timer !== undefined;
  }

  /** Starts the interval (idempotent). */
  start(): void {
    if (this.intervalMs <= 0 || this.timer) return;
    this.alive = true;
    this.timer = setInterval(() => this.tick(), this.intervalMs);
    this.timer.unref();
  }

  /** Records a sign of life (a pong or a message). */
  markAlive(): void {
    this.alive = true;
  }

  /** Stops the interval (idempotent). */
  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  private tick(): void {
    if (!this.alive) {
      this.stop();
      this.actions.onDead();
      return;
    }
    this.alive = false;
    this.actions.ping();
  }
}
