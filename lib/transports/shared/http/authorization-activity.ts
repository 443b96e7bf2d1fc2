import type { TransportAuthorization } from '../../../client/client-transport.interface.js';

/**
 * Book-keeping of the authorizations one HTTP client transport runs (its `auth` option answering
 * a 401/403: discovery, a browser login, a token request): whether one is running and how long
 * they took in total. The client's negotiation probe keeps that time outside its clock.
 */
export class AuthorizationActivity implements TransportAuthorization {
  private running = 0;
  private since = 0;
  private spent = 0;

  /** True while at least one authorization runs. */
  get active(): boolean {
    return this.running > 0;
  }

  /** Milliseconds spent authorizing so far, the running authorization included. */
  get spentMs(): number {
    return this.spent + (this.running > 0 ? Date.now() - this.since : 0);
  }

  /** Runs `authorize`, counting its time. */
  async during<T>(authorize: () => Promise<T>): Promise<T> {
    if (this.running++ === 0) this.since = Date.now();
    try {
      return await authorize();
    } finally {
      if (--this.running === 0) this.spent += Date.now() - this.since;
    }
  }
}
