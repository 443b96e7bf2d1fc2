import { randomUUID } from 'node:crypto';
import { McpError } from '../../errors/mcp.error.js';
import type { InputRequests } from '../../protocol/schema/index.js';
import { InMemoryTaskStore } from '../../stores/in-memory-task-store.js';
import {
  isTerminalStatus,
  type TaskPage,
  type TaskRecord,
  type TaskRecordPatch,
  type TaskStore,
} from '../../stores/task-store.interface.js';
import type { McpLogger } from '../../engine/logger.interface.js';
import { publishClusterEvent } from '../../engine/telemetry/mcp-channels.js';
import type { ResolvedToolTask, McpTasksOptions } from '../registry/task-options.interface.js';
import { TaskInput } from './task-input.js';
import type { TaskQuota } from '../limits/task-quota.js';
import {
  orphaned,
  remoteAnswers,
  remoteRunner,
  RUNNER_GONE_ERROR,
  type TaskCluster,
  type TaskControl,
} from './task-cluster.js';

const DEFAULT_TTL_MS = 3_600_000;
/** Default ceiling of a TTL a client asks for (1 hour, or the default TTL when that is longer). */
const DEFAULT_MAX_TTL_MS = 3_600_000;
const DEFAULT_POLL_INTERVAL_MS = 1000;

/** A task running in this process: its record as last written, its abort and its input. */
export interface LiveTask {
  record: TaskRecord;
  readonly controller: AbortController;
  readonly input: TaskInput;
  /** Called after every status change (status notifications). */
  onChange?: (record: TaskRecord) => void;
}

/** What a new task is made from. */
export interface TaskStart {
  readonly owner: string;
  readonly era: 'legacy' | 'modern';
  readonly method: string;
  readonly name: string;
  readonly tool: ResolvedToolTask;
  /** 2025-11-25 `params.task.ttl`, if the client asked for a lifetime. */
  readonly requestedTtlMs?: number;
}

/**
 * Creates, runs and answers for the tasks of one server: records in the {@link TaskStore} (every
 * read goes there, so a shared store lets any instance answer `tasks/get`), live handles (abort,
 * input, waiters) for the tasks this process runs. Writes to one task are serialised.
 */
export class TaskEngine {
  readonly store: TaskStore;
  readonly pollIntervalMs: number;
  readonly pageSize: number;
  private readonly defaultTtlMs: number;
  private readonly maxTtlMs: number;
  /** Unfinished tasks failed here because their runner instance was gone. */
  orphanedTasks = 0;
  private readonly live = new Map<string, LiveTask>();
  private readonly queues = new Map<string, Promise<unknown>>();
  private readonly waiters = new Map<string, Set<() => void>>();
  /** Called after every status change of a task this process runs (status notifications). */
  onStatus?: (record: TaskRecord) => void;
  /**
   * Set when instances share a bus: records name their runner, and `tasks/update` and
   * `tasks/cancel` for a task running elsewhere are sent there.
   */
  cluster?: TaskCluster;
  /** The task caps (`limits.maxTasksPerOwner`, `limits.maxTasks`), set by the server. */
  quota?: TaskQuota;

  constructor(
    options: McpTasksOptions = {},
    private readonly logger?: McpLogger,
  ) {
    this.store = options.store ?? new InMemoryTaskStore();
    this.defaultTtlMs = options.defaultTtlMs ?? DEFAULT_TTL_MS;
    this.maxTtlMs = options.maxTtlMs ?? Math.max(DEFAULT_MAX_TTL_MS, this.defaultTtlMs);
    this.pollIntervalMs = options.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS;
    this.pageSize = options.pageSize ?? 50;
  }

  /** Creates a `working` task and resolves once the store has it (durable create). */
  async create(start: TaskStart): Promise<LiveTask> {
    const now = new Date();
    const asked = start.requestedTtlMs;
    const chosen = start.tool.ttlMs ?? this.defaultTtlMs;
    // What the client asks is capped by the ceiling; what the server chose is its own call.
    const ttlMs =
      asked !== undefined && Number.isInteger(asked) && asked > 0
        ? Math.min(asked, Math.max(this.maxTtlMs, chosen))
        : chosen;
    const taskId = randomUUID();
    await this.quota?.admit(start.owner, taskId, now.getTime() + ttlMs, now.getTime());
    const record: TaskRecord = {
      taskId,
      owner: start.owner,
      era: start.era,
      method: start.method,
      name: start.name,
      status: 'working',
      createdAt: now.toISOString(),
      lastUpdatedAt: now.toISOString(),
      ttlMs,
      pollIntervalMs: start.tool.pollIntervalMs ?? this.pollIntervalMs,
      expiresAt: now.getTime() + ttlMs,
      ...(this.cluster && { runner: this.cluster.instanceId }),
    };
    await this.store.create(record);
    const live: LiveTask = {
      record,
      controller: new AbortController(),
      input: new TaskInput(record.taskId, (requests) => this.inputChanged(live, requests)),
    };
    this.live.set(record.taskId, live);
    return live;
  }

  /** Settles a task with how its run ended (a terminal task keeps its status). */
  async settle(live: LiveTask, outcome: Promise<Record<string, unknown>>): Promise<void> {
    let patch: Omit<TaskRecordPatch, 'lastUpdatedAt'>;
    try {
      patch = { status: 'completed', result: await outcome, inputRequests: undefined };
    } catch (error) {
      const mcp = error instanceof McpError ? error : McpError.internal('The task failed');
      const failure = { code: mcp.code, message: mcp.message };
      patch = {
        status: 'failed',
        error: mcp.data === undefined ? failure : { ...failure, data: mcp.data },
        inputRequests: undefined,
      };
    } finally {
      live.input.fail(McpError.invalidRequest('The task ended'));
    }
    await this.write(live, patch).catch((error: unknown) => this.storeError(error));
    this.live.delete(live.record.taskId);
  }

  /**
   * The caller's task (-32602 when unknown, expired or another principal's). An unfinished task
   * whose runner (another instance) is gone is failed first, so nobody polls it forever.
   */
  async get(taskId: string, owner: string): Promise<TaskRecord> {
    const record = await this.store.get(taskId);
    if (!record || record.owner !== owner) {
      throw McpError.invalidParams(`Unknown task: ${taskId}`, { taskId });
    }
    if (!orphaned(record, this.cluster)) return record;
    this.orphanedTasks++;
    publishClusterEvent({ kind: 'task-orphaned' });
    const failed = await this.store.update(taskId, {
      status: 'failed',
      error: { ...RUNNER_GONE_ERROR },
      inputRequests: undefined,
      lastUpdatedAt: new Date().toISOString(),
    });
    return failed ?? record;
  }

  /** A page of the caller's tasks. */
  list(owner: string, cursor: string | undefined): Promise<TaskPage> {
    return this.store.list(owner, cursor, this.pageSize);
  }

  /**
   * Cancels the caller's task: the record becomes `cancelled` and the run's signal aborts.
   * Resolves to the record afterwards (a terminal task is returned unchanged).
   */
  async cancel(taskId: string, owner: string): Promise<TaskRecord> {
    const record = await this.get(taskId, owner);
    if (isTerminalStatus(record.status)) return record;
    const live = this.live.get(taskId);
    const patch = {
      status: 'cancelled',
      statusMessage: 'The task was cancelled by request.',
      inputRequests: undefined,
    } as const;
    const updated = live
      ? await this.write(live, patch)
      : await this.store.update(taskId, { ...patch, lastUpdatedAt: new Date().toISOString() });
    if (live) this.abort(live);
    const runner = remoteRunner(record, this.cluster);
    if (runner !== undefined) this.cluster!.send(runner, taskId, { action: 'cancel' });
    this.wake(taskId);
    return updated ?? record;
  }

  /**
   * 2026-07-28 `tasks/update`: hands the answers to the running task. A terminal task takes no
   * input (-32602); answers for keys that are not outstanding are ignored.
   */
  async update(taskId: string, owner: string, responses: Record<string, unknown>): Promise<void> {
    const record = await this.get(taskId, owner);
    if (isTerminalStatus(record.status)) {
      throw McpError.invalidParams(`Task ${taskId} is ${record.status}: it takes no input`, {
        taskId,
      });
    }
    const live = this.live.get(taskId);
    if (!live) {
      const runner = remoteRunner(record, this.cluster);
      if (runner === undefined) {
        throw McpError.invalidParams(`Task ${taskId} is no longer running`, { taskId });
      }
      const checked = remoteAnswers(record, responses);
      if (Object.keys(checked).length > 0) {
        this.cluster!.send(runner, taskId, { action: 'input', responses: checked });
      }
      return;
    }
    if (!live.input.answer(responses)) {
      this.logger?.debug?.(`tasks/update for ${taskId}: no outstanding request was answered`);
    }
  }

  /**
   * Resolves once the caller's task is terminal (2025-11-25 `tasks/result`): woken by this
   * process's writes, polled at the task's interval when another instance runs it (`onPoll`
   * sees each unfinished record read).
   */
  async waitTerminal(
    taskId: string,
    owner: string,
    signal: AbortSignal,
    onPoll?: (record: TaskRecord) => void,
  ): Promise<TaskRecord> {
    for (;;) {
      // Listen before reading: a write that lands while the read is in flight (a Redis round
      // trip) wakes this listener, so the wait below returns at once instead of missing it.
      const wake = this.listen(taskId, signal);
      try {
        const record = await this.get(taskId, owner);
        if (isTerminalStatus(record.status)) return record;
        signal.throwIfAborted();
        onPoll?.(record);
        await wake.wait(this.live.has(taskId) ? 60_000 : record.pollIntervalMs);
      } finally {
        wake.stop();
      }
    }
  }

  /**
   * Applies a control sent by another instance to a task running here (the sender checked the
   * principal and, for a cancel, already stored the `cancelled` status).
   */
  async control(taskId: string, control: TaskControl): Promise<void> {
    const live = this.live.get(taskId);
    if (!live) return;
    if (control.action === 'input') {
      try {
        live.input.answer(control.responses);
      } catch (error) {
        this.logger?.warn(`tasks/update for ${taskId} from another instance: ${String(error)}`);
      }
      return;
    }
    this.abort(live);
    const record = await this.store.get(taskId).catch((error: unknown) => this.storeError(error));
    if (!record) return;
    live.record = record;
    live.onChange?.(record);
    this.onStatus?.(record);
    this.wake(taskId);
  }

  /** The live task of this process, if it runs here. */
  running(taskId: string): LiveTask | undefined {
    return this.live.get(taskId);
  }

  /** Sets the status message of a running task (progress inside a task). */
  note(live: LiveTask, statusMessage: string): void {
    if (isTerminalStatus(live.record.status)) return;
    this.write(live, { statusMessage }).catch((error: unknown) => this.storeError(error));
  }

  /** Aborts every task this process runs (shutdown); the store is its owner's to close. */
  abortAll(): void {
    for (const live of this.live.values()) live.controller.abort(new Error('Server shutdown'));
  }

  private abort(live: LiveTask): void {
    live.controller.abort(new Error('The task was cancelled'));
    live.input.fail(McpError.invalidRequest('The task was cancelled'));
  }

  private inputChanged(live: LiveTask, requests: InputRequests | undefined): void {
    if (isTerminalStatus(live.record.status)) return;
    const patch = requests
      ? ({ status: 'input_required', inputRequests: requests } as const)
      : ({ status: 'working', inputRequests: undefined } as const);
    this.write(live, patch).catch((error: unknown) => this.storeError(error));
  }

  /** Applies a patch after the task's earlier writes; notifies and wakes waiters. */
  private write(
    live: LiveTask,
    patch: Omit<TaskRecordPatch, 'lastUpdatedAt'>,
  ): Promise<TaskRecord | undefined> {
    const id = live.record.taskId;
    const previous = this.queues.get(id) ?? Promise.resolve();
    const next = previous.then(async () => {
      const updated = await this.store.update(id, {
        ...patch,
        lastUpdatedAt: new Date().toISOString(),
      });
      if (updated) {
        const changed = updated.status !== live.record.status;
        live.record = updated;
        if (changed || patch.inputRequests) {
          live.onChange?.(updated);
          this.onStatus?.(updated);
        }
      }
      this.wake(id);
      return updated;
    });
    const tail = next.catch(() => undefined);
    this.queues.set(id, tail);
    void tail.then(() => {
      if (this.queues.get(id) === tail) this.queues.delete(id);
    });
    return next;
  }

  /**
   * A wake-up for `taskId` armed now: {@link wake} (a write of this process), the signal's abort
   * or the timeout given to `wait` ends the wait; a wake that came before `wait` ends it at once.
   */
  private listen(
    taskId: string,
    signal: AbortSignal,
  ): { wait(ms: number): Promise<void>; stop(): void } {
    let woken = false;
    let resolveWait: (() => void) | undefined;
    let timer: NodeJS.Timeout | undefined;
    const set = this.waiters.get(taskId) ?? new Set<() => void>();
    this.waiters.set(taskId, set);
    const done = (): void => {
      woken = true;
      resolveWait?.();
    };
    set.add(done);
    signal.addEventListener('abort', done, { once: true });
    return {
      wait: (ms) =>
        new Promise<void>((resolve) => {
          if (woken) return resolve();
          resolveWait = resolve;
          timer = setTimeout(done, ms);
        }),
      stop: () => {
        clearTimeout(timer);
        set.delete(done);
        if (set.size === 0 && this.waiters.get(taskId) === set) this.waiters.delete(taskId);
        signal.removeEventListener('abort', done);
      },
    };
  }

  private wake(taskId: string): void {
    for (const done of [...(this.waiters.get(taskId) ?? [])]) done();
  }

  private storeError(error: unknown): void {
    this.logger?.error(`Task store write failed: ${(error as Error)?.message ?? String(error)}`);
  }
}
