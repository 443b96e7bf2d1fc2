import type { InputRequest, InputRequests } from '../../protocol/schema/index.js';
import { RELATED_TASK_META_KEY } from '../../protocol/schema/tasks.js';
import { checkAnswer, DEFAULT_KEY_PREFIX, type InputMethod } from '../mrtr/input-answers.js';

/** A 2025-11-25 way to the client: the open `tasks/result` request of the task (side channel). */
export interface TaskInputChannel {
  /** Sends a server → client request related to that `tasks/result` request. */
  request(method: InputMethod, params: Record<string, unknown>): Promise<unknown>;
  /** Aborts when the `tasks/result` request ends. */
  readonly signal: AbortSignal;
}

interface Pending {
  readonly method: InputMethod;
  readonly request: InputRequest;
  resolve(answer: unknown): void;
  reject(error: unknown): void;
  sent?: boolean;
}

/**
 * The input requests of one running task (`ctx.elicit()`, `ctx.sample()`, `ctx.listRoots()`
 * inside a task). Each call gets a key unique over the task's life and waits; the task is
 * `input_required` while any is outstanding. 2026-07-28: the client reads them from `tasks/get`
 * and answers with `tasks/update` ({@link answer}). 2025-11-25: they go to the client as real
 * requests on the task's open `tasks/result` request ({@link open}), with the related-task `_meta`.
 */
export class TaskInput {
  private readonly pending = new Map<string, Pending>();
  private readonly issued = new Set<string>();
  private channel?: TaskInputChannel;

  constructor(
    private readonly taskId: string,
    /** Called with the outstanding requests after every change (undefined: none left). */
    private readonly changed: (requests: InputRequests | undefined) => void,
  ) {}

  /** Asks the client; resolves with its answer (checked against the method's result schema). */
  ask(method: InputMethod, params: Record<string, unknown>, key?: string): Promise<unknown> {
    const k = this.uniqueKey(key ?? DEFAULT_KEY_PREFIX[method]);
    const request = (method === 'roots/list' ? { method } : { method, params }) as InputRequest;
    const answer = new Promise<unknown>((resolve, reject) => {
      this.pending.set(k, { method, request, resolve, reject });
    });
    this.changed(this.outstanding());
    if (this.channel) this.send(k);
    return answer;
  }

  /**
   * 2026-07-28 `tasks/update`: answers outstanding keys (each checked, -32602 naming a malformed
   * one); answers to keys that are not outstanding are ignored. True when any key was answered.
   */
  answer(responses: Readonly<Record<string, unknown>>): boolean {
    const accepted: Array<[Pending, unknown]> = [];
    for (const [key, response] of Object.entries(responses)) {
      const pending = this.pending.get(key);
      if (pending) accepted.push([pending, checkAnswer(key, pending.method, response)]);
    }
    for (const [pending, answer] of accepted) this.settle(pending, answer);
    if (accepted.length > 0) this.changed(this.outstanding());
    return accepted.length > 0;
  }

  /** 2025-11-25: a `tasks/result` request is open; the outstanding requests go out on it. */
  open(channel: TaskInputChannel): void {
    this.channel = channel;
    channel.signal.addEventListener('abort', () => {
      if (this.channel === channel) this.channel = undefined;
    });
    for (const key of this.pending.keys()) this.send(key);
  }

  /** Rejects every outstanding request (the task ended or was cancelled). */
  fail(reason: unknown): void {
    for (const pending of this.pending.values()) pending.reject(reason);
    this.pending.clear();
  }

  private send(key: string): void {
    const pending = this.pending.get(key);
    const channel = this.channel;
    if (!pending || pending.sent || !channel) return;
    pending.sent = true;
    const params = (pending.request as { params?: Record<string, unknown> }).params ?? {};
    const meta = { ...(params._meta as object | undefined), [RELATED_TASK_META_KEY]: this.related };
    channel.request(pending.method, { ...params, _meta: meta }).then(
      (answer) => {
        if (this.pending.get(key) !== pending) return;
        this.settle(pending, answer);
        this.changed(this.outstanding());
      },
      (error: unknown) => {
        if (this.pending.get(key) !== pending) return;
        // The tasks/result request went away: send again on the next one.
        if (channel.signal.aborted) pending.sent = false;
        else {
          this.pending.delete(key);
          pending.reject(error);
          this.changed(this.outstanding());
        }
      },
    );
  }

  private get related(): { taskId: string } {
    return { taskId: this.taskId };
  }

  private settle(pending: Pending, answer: unknown): void {
    for (const [key, entry] of this.pending) if (entry === pending) this.pending.delete(key);
    pending.resolve(answer);
  }

  private outstanding(): InputRequests | undefined {
    if (this.pending.size === 0) return undefined;
    const requests: InputRequests = {};
    for (const [key, pending] of this.pending) requests[key] = pending.request;
    return requests;
  }

  /** `key`, or `key:1`, `key:2`, ... when it was used before in this task. */
  private uniqueKey(base: string): string {
    let key = base;
    for (let n = 1; this.issued.has(key); n++) key = `${base}:${n}`;
    this.issued.add(key);
    return key;
  }
}
