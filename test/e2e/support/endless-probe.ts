import { Observable } from 'rxjs';

/**
 * An Observable tool result that emits 1, 2, 3 ... until unsubscribed, with what a test needs to
 * see it: how many values went out, and a promise that resolves when its teardown ran.
 */
export class EndlessProbe {
  /** Resolves once the last {@link observable} was unsubscribed. */
  tornDown!: Promise<void>;
  /** Values emitted since the last {@link reset}. */
  emitted = 0;
  private markTornDown!: () => void;

  constructor(private readonly everyMs = 5) {
    this.reset();
  }

  /** Arms {@link tornDown} and the count for the next call. */
  reset(): void {
    this.emitted = 0;
    this.tornDown = new Promise((resolve) => (this.markTornDown = resolve));
  }

  /** The Observable a tool returns. */
  observable(): Observable<number> {
    return new Observable<number>((subscriber) => {
      const timer = setInterval(() => subscriber.next(++this.emitted), this.everyMs);
      return () => {
        clearInterval(timer);
        this.markTornDown();
      };
    });
  }
}
