import { ErrorCode } from '../../protocol/error-codes.js';
import { McpError } from '../../errors/mcp.error.js';

interface HttpExceptionLike {
  getStatus(): number;
  getResponse?(): unknown;
  message: string;
}

interface ZodErrorLike {
  name: 'ZodError';
  issues: Array<{ path: PropertyKey[]; message: string }>;
}

function isHttpException(error: unknown): error is HttpExceptionLike {
  return typeof (error as HttpExceptionLike | null)?.getStatus === 'function';
}

/**
 * The message of an HTTP exception: the list in its response body when there is one (Nest's
 * `ValidationPipe` puts each failed constraint there, naming the field: "name must be a string"),
 * else its own message ("Bad Request Exception" would name nothing).
 */
function httpMessage(error: HttpExceptionLike): string {
  const body = error.getResponse?.();
  const listed = (body as { message?: unknown } | null | undefined)?.message;
  if (Array.isArray(listed) && listed.length > 0 && listed.every((m) => typeof m === 'string')) {
    return listed.join('; ');
  }
  return error.message;
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
 * a `ValidationPipe`'s list of failed constraints joined by "; ",
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
      return new McpError(ErrorCode.InvalidParams, httpMessage(error), { status });
    }
    if (status >= 400 && status < 500)
      return new McpError(ErrorCode.InvalidRequest, httpMessage(error), { status });
  }
  return undefined;
}

/** The HTTP status of an HTTP exception (anything with `getStatus()`), else undefined. */
export function httpStatusOf(error: unknown): number | undefined {
  return isHttpException(error) ? error.getStatus() : undefined;
}
