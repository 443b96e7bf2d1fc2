import { ErrorCode } from '../../protocol/error-codes.js';
import { McpError } from '../../errors/mcp.error.js';

interface HttpExceptionLike {
  getStatus(): number;
  message: string;
}

interface ZodErrorLike {
  name: 'ZodError';
  issues: Array<{ path: PropertyKey[]; message: string }>;
}

function isHttpException(error: unknown): error is HttpExceptionLike {
  return typeof (error as HttpExceptionLike | null)?.getStatus === 'function';
}

function isZodError(error: unknown): error is ZodErrorLike {
  return (
    (error as ZodErrorLike | null)?.name === 'ZodError' &&
    Array.isArray((error as ZodErrorLike).issues)
  );
}

/**
 * Maps what a handler threw to a JSON-RPC error: an McpError as is; an HTTP exception (Nest's
 * `HttpException` and anything with `getStatus()`) by status (4xx client errors keep their message,
 * 5xx become `-32603`); a ZodError to `-32602` with the paths. Undefined for anything else, which
 * the engine answers with a generic `-32603` (no message or stack leaks).
 */
export function toMcpError(error: unknown): McpError | undefined {
  if (error instanceof McpError) return error;
  if (isZodError(error)) {
    const detail = error.issues.map(
      (i) => `${i.path.map(String).join('.') || '(root)'}: ${i.message}`,
    );
    return McpError.invalidParams(`Invalid params: ${detail.join('; ')}`);
  }
  if (isHttpException(error)) {
    const status = error.getStatus();
    if (status === 400 || status === 404 || status === 422) {
      return new McpError(ErrorCode.InvalidParams, error.message, { status });
    }
    if (status >= 400 && status < 500)
      return new McpError(ErrorCode.InvalidRequest, error.message, { status });
  }
  return undefined;
}

/** The HTTP status of an HTTP exception (anything with `getStatus()`), else undefined. */
export function httpStatusOf(error: unknown): number | undefined {
  return isHttpException(error) ? error.getStatus() : undefined;
}
