/**
 * Server → client requests: one method-table entry per method. Session era only: 2026-07-28 has
 * no server → client requests (an `input_required` result asks for input instead).
 */
import { z } from 'zod';
import { ElicitRequestParamsSchema, ElicitResultSchema } from '../schema/elicitation.js';
import { ListRootsResultSchema } from '../schema/roots.js';
import { CreateMessageRequestParamsSchema, CreateMessageResultSchema } from '../schema/sampling.js';
import { CreateTaskResultSchema } from '../schema/tasks.js';
import { serverRequest } from './method-spec.interface.js';
import { OptionalRequestParams, PING, TASK_REQUESTS } from './shared-schemas.js';

/** Server → client requests; task-augmentable ones also accept a `CreateTaskResult`. */
export const SERVER_REQUEST_SPECS = [
  serverRequest(PING),
  serverRequest({
    method: 'sampling/createMessage',
    capability: 'sampling',
    legacy: {
      params: CreateMessageRequestParamsSchema,
      result: z.union([CreateMessageResultSchema, CreateTaskResultSchema]),
    },
  }),
  serverRequest({
    method: 'roots/list',
    capability: 'roots',
    legacy: { params: OptionalRequestParams, result: ListRootsResultSchema },
  }),
  serverRequest({
    method: 'elicitation/create',
    capability: 'elicitation',
    legacy: {
      params: ElicitRequestParamsSchema,
      result: z.union([ElicitResultSchema, CreateTaskResultSchema]),
    },
  }),
  // Server → client tasks are 2025-11-25 only: the 2026-07-28 extension covers tools/call alone.
  ...TASK_REQUESTS.map((spec) =>
    serverRequest({ method: spec.method, capability: spec.capability, legacy: spec.legacy }),
  ),
] as const;
