import { UnsupportedMediaTypeException } from '@nestjs/common';
import type { IncomingMessage } from 'node:http';
import { afterBodyTurn } from '../../transports/shared/http/read-body.js';
import { hasStashedContentType } from './content-type-stash.js';

/**
 * The media type an MCP POST carries through Fastify while its real `Content-Type` is stashed:
 * Fastify refuses a body without a content type (415) and would parse JSON itself (its own 1 MiB
 * limit and error shapes), so MCP requests get a type whose parser leaves the body unread.
 */
export const MCP_RAW_MEDIA_TYPE = 'application/x-nestjs-mcp-raw';

/** The part of a Fastify instance used here (structural, so fastify stays an optional peer). */
export interface FastifyParserHost {
  hasContentTypeParser(contentType: string): boolean;
  addContentTypeParser(
    contentType: string,
    parser: (
      request: { raw: IncomingMessage },
      payload: unknown,
      done: (error: Error | null, body?: unknown) => void,
    ) => void,
  ): void;
}

/**
 * Registers (once per Fastify instance) the parser of {@link MCP_RAW_MEDIA_TYPE}: it leaves the
 * body stream untouched for the transport to read under its own limit. Only requests whose
 * content type this library stashed are accepted; a client sending the type itself gets 415
 * (through the app's exception filters, as for any unknown media type).
 */
export function registerFastifyRawBodyParser(fastify: FastifyParserHost): void {
  if (fastify.hasContentTypeParser(MCP_RAW_MEDIA_TYPE)) return;
  fastify.addContentTypeParser(MCP_RAW_MEDIA_TYPE, (request, _payload, done) => {
    // The route goes on once the body is in the buffer, where the transport takes it at once.
    if (hasStashedContentType(request.raw)) afterBodyTurn(request.raw, () => done(null, undefined));
    else done(new UnsupportedMediaTypeException());
  });
}

/** True when an HTTP adapter's instance looks like Fastify (it can register content parsers). */
export function isFastifyParserHost(instance: unknown): instance is FastifyParserHost {
  const host = instance as Partial<FastifyParserHost> | null | undefined;
  return (
    typeof host?.addContentTypeParser === 'function' &&
    typeof host.hasContentTypeParser === 'function'
  );
}
