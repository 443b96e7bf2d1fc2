import {
  CancelledNotificationParamsSchema,
  CreateTaskResultSchema,
  GetTaskResultSchema,
  ListRootsResultSchema,
  LOGGING_LEVELS,
  LoggingMessageNotificationParamsSchema,
  ProgressNotificationParamsSchema,
  RELATED_TASK_META_KEY,
  ResourceUpdatedNotificationParamsSchema,
  SetLevelRequestParamsSchema,
  TaskStatusNotificationParamsSchema,
} from '../../../../lib/protocol/schema/index.js';
import { issuePaths } from './helpers.js';

describe('notifications', () => {
  it('parses progress with a fractional value, total and message', () => {
    const params = { progressToken: 'abc123', progress: 50.5, total: 100, message: 'Halfway' };
    expect(ProgressNotificationParamsSchema.parse(params)).toEqual(params);
    expect(issuePaths(ProgressNotificationParamsSchema, { progress: 1 })).toEqual([
      'progressToken',
    ]);
  });

  it('parses cancellation with and without requestId (tasks use tasks/cancel)', () => {
    const params = { requestId: '123', reason: 'User requested cancellation' };
    expect(CancelledNotificationParamsSchema.parse(params)).toEqual(params);
    expect(CancelledNotificationParamsSchema.parse({})).toEqual({});
    expect(issuePaths(CancelledNotificationParamsSchema, { requestId: null })).toEqual([
      'requestId',
    ]);
  });

  it('requires data on a log message but allows any JSON value', () => {
    const params = {
      level: 'error',
      logger: 'database',
      data: { error: 'Connection failed', details: { host: 'localhost', port: 5432 } },
    };
    expect(LoggingMessageNotificationParamsSchema.parse(params)).toEqual(params);
    expect(LoggingMessageNotificationParamsSchema.parse({ level: 'info', data: null })).toEqual({
      level: 'info',
      data: null,
    });
    expect(issuePaths(LoggingMessageNotificationParamsSchema, { level: 'info' })).toEqual(['data']);
  });

  it('orders logging levels by RFC 5424 severity and rejects unknown ones', () => {
    expect(LOGGING_LEVELS.indexOf('warning')).toBeLessThan(LOGGING_LEVELS.indexOf('error'));
    expect(LOGGING_LEVELS).toHaveLength(8);
    expect(issuePaths(SetLevelRequestParamsSchema, { level: 'verbose' })).toEqual(['level']);
  });

  it('parses resources/updated and roots/list payloads', () => {
    expect(ResourceUpdatedNotificationParamsSchema.parse({ uri: 'file:///a' })).toEqual({
      uri: 'file:///a',
    });
    const roots = { roots: [{ uri: 'file:///home/user/projects/myproject', name: 'My Project' }] };
    expect(ListRootsResultSchema.parse(roots)).toEqual(roots);
  });
});

describe('tasks (experimental, 2025-11-25)', () => {
  const task = {
    taskId: '786512e2-9e0d-44bd-8f29-789f320fe840',
    status: 'working',
    statusMessage: 'The operation is now in progress.',
    createdAt: '2025-11-25T10:30:00Z',
    lastUpdatedAt: '2025-11-25T10:40:00Z',
    ttl: 60000,
    pollInterval: 5000,
  };

  it('parses CreateTaskResult, tasks/get results and status notifications', () => {
    expect(CreateTaskResultSchema.parse({ task })).toEqual({ task });
    expect(GetTaskResultSchema.parse(task)).toEqual(task);
    const related = { ...task, _meta: { [RELATED_TASK_META_KEY]: { taskId: task.taskId } } };
    expect(TaskStatusNotificationParamsSchema.parse(related)).toEqual(related);
  });

  it('allows an unlimited (null) ttl but requires the field', () => {
    expect(GetTaskResultSchema.parse({ ...task, ttl: null }).ttl).toBeNull();
    const { ttl: _ttl, ...noTtl } = task;
    expect(issuePaths(GetTaskResultSchema, noTtl)).toEqual(['ttl']);
  });

  it('rejects an unknown status', () => {
    expect(issuePaths(CreateTaskResultSchema, { task: { ...task, status: 'paused' } })).toEqual([
      'task.status',
    ]);
  });
});
