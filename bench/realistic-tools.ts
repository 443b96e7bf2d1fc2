import { z } from 'zod';

/** One tool of the `tools/list` benchmark: a name, a description and a zod input shape. */
export interface BenchToolDefinition {
  name: string;
  description: string;
  inputSchema: z.ZodRawShape;
}

const LEVELS = ['low', 'normal', 'high', 'urgent'] as const;

/**
 * Four shapes in the style of real API tools (search, create, update, report): strings with
 * formats and bounds, enums, numbers with ranges, optional fields, arrays of objects, nested
 * objects, every field described. `n` varies names and bounds so no two tools are alike.
 */
const SHAPES: Array<(n: number) => z.ZodRawShape> = [
  (n) => ({
    query: z.string().min(1).max(500).describe(`Full-text query over collection ${n}`),
    limit: z.number().int().min(1).max(100).default(20).describe('Page size'),
    cursor: z.string().optional().describe('Opaque cursor from the previous page'),
    sort: z.enum(['relevance', 'created', 'updated']).optional().describe('Sort order'),
    filters: z
      .array(
        z.object({
          field: z.string().describe('Field name'),
          op: z.enum(['eq', 'ne', 'lt', 'gt', 'in']).describe('Comparison'),
          value: z.union([z.string(), z.number(), z.boolean()]).describe('Compared value'),
        }),
      )
      .max(10)
      .optional()
      .describe('Filters, all of which must hold'),
  }),
  (n) => ({
    title: z.string().min(3).max(200).describe(`Title of the new record ${n}`),
    body: z.string().max(20_000).describe('Markdown body'),
    priority: z.enum(LEVELS).describe('Priority'),
    assignee: z.string().email().optional().describe('E-mail of the assignee'),
    labels: z.array(z.string().max(50)).max(20).default([]).describe('Labels'),
    dueDate: z.string().datetime().optional().describe('ISO 8601 due date'),
  }),
  (n) => ({
    id: z.string().uuid().describe(`Identifier of the record in store ${n}`),
    patch: z
      .object({
        status: z.enum(['open', 'in_progress', 'blocked', 'done']).optional(),
        estimateHours: z.number().min(0).max(1000).optional(),
        watchers: z.array(z.string().email()).optional(),
        custom: z.record(z.string(), z.string()).optional(),
      })
      .describe('Fields to change'),
    notify: z.boolean().default(true).describe('Send notifications'),
    expectedVersion: z.number().int().nonnegative().optional().describe('Optimistic lock'),
  }),
  (n) => ({
    from: z.string().date().describe('First day (YYYY-MM-DD)'),
    to: z.string().date().describe('Last day (YYYY-MM-DD)'),
    groupBy: z
      .array(z.enum(['day', 'week', 'team', 'project']))
      .min(1)
      .describe('Grouping'),
    metrics: z
      .array(z.enum(['count', 'sum', 'avg', 'p95']))
      .min(1)
      .describe(`Metrics of report ${n}`),
    format: z.enum(['table', 'csv', 'json']).default('table').describe('Output format'),
    timezone: z
      .string()
      .regex(/^[A-Za-z_]+\/[A-Za-z_]+$/)
      .optional()
      .describe('IANA zone'),
  }),
];

const VERBS = ['search', 'create', 'update', 'report'];

/** `count` distinct tools with realistic input schemas (`tool_000_search`, ...). */
export function realisticTools(count: number): BenchToolDefinition[] {
  return Array.from({ length: count }, (_, n) => {
    const kind = n % SHAPES.length;
    return {
      name: `tool_${String(n).padStart(3, '0')}_${VERBS[kind]}`,
      description: `${VERBS[kind]} operation number ${n} of the benchmark's realistic tool set; its schema mirrors a real API endpoint.`,
      inputSchema: SHAPES[kind](n),
    };
  });
}
