import type { ListenHub } from '../listen/listen-hub.js';
import type { TaskEngine } from '../tasks/task-engine.js';
import { detailedTask } from '../tasks/task-wire.js';
import type { ClusterRelay } from './cluster-relay.js';

/**
 * Links a server's tasks to the 2026-07-28 listen streams that asked for a task id (its status
 * changes go there) and, with a shared bus, to the other instances: status changes reach their
 * listen streams, and control (cancel) reaches the instance running the task.
 */
export function linkTasks(
  tasks: TaskEngine,
  listen: ListenHub | undefined,
  cluster: ClusterRelay | undefined,
): void {
  tasks.onStatus = (record) => {
    if (record.era !== 'modern') return;
    const task = detailedTask(record) as Record<string, unknown>;
    listen?.deliverTask(record.taskId, task);
    cluster?.taskStatus(record.taskId, task); // listen streams on the other instances
  };
  if (!cluster) return;
  tasks.cluster = cluster;
  cluster.onTaskControl = (taskId, control) => void tasks.control(taskId, control);
  cluster.onTaskStatus = (taskId, task) => listen?.deliverTask(taskId, task);
}
