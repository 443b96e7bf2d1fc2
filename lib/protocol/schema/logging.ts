import { z } from 'zod';
import { RequestParamsSchema } from './base.js';

/** Log severities in RFC 5424 order, least severe first. */
export const LOGGING_LEVELS = [
  'debug',
  'info',
  'notice',
  'warning',
  'error',
  'critical',
  'alert',
  'emergency',
] as const;

/** A log severity (RFC 5424 syslog levels). */
export const LoggingLevelSchema = z.enum(LOGGING_LEVELS);
/** A log severity. */
export type LoggingLevel = z.infer<typeof LoggingLevelSchema>;

/** Params of `logging/setLevel` (legacy era; 2026-07-28 uses the per-request `logLevel` key). */
export const SetLevelRequestParamsSchema = RequestParamsSchema.extend({
  level: LoggingLevelSchema,
});
/** `logging/setLevel` params. */
export type SetLevelRequestParams = z.infer<typeof SetLevelRequestParamsSchema>;
