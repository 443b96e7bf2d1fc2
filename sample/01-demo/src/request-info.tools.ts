import { Injectable } from '@nestjs/common';
import { z } from 'zod';
import { McpContext, McpResponse, Tool } from '../../../lib/index.js';

/** What `request_info` reports (its output schema types the builder's `structured()`). */
const RequestInfo = {
  transport: z.string(),
  era: z.enum(['legacy', 'modern']),
  visits: z.number().int().optional(),
  http: z
    .object({
      scheme: z.string().optional(),
      host: z.string().optional(),
      port: z.number().optional(),
      path: z.string().optional(),
      query: z.record(z.string(), z.union([z.string(), z.array(z.string())])),
      userAgent: z.string().optional(),
      remoteAddress: z.string().optional(),
    })
    .optional(),
  stdio: z.object({ pid: z.number(), envVars: z.number() }).optional(),
  arguments: z.record(z.string(), z.unknown()),
};

/** The demo's request helpers, answered with the response builder (`McpResponse`). */
@Injectable()
export class RequestInfoTools {
  @Tool({
    name: 'request_info',
    description:
      'What the server knows of this call: transport, HTTP request (scheme, host, port, path, ' +
      'query, user agent, client address) or stdio process, and how often this session called it',
    inputSchema: { reset: z.boolean().default(false).describe('Forget this session first') },
    outputSchema: RequestInfo,
    annotations: { readOnlyHint: true },
  })
  requestInfo({ reset }: { reset: boolean }, ctx: McpContext) {
    if (reset) ctx.clearSession();
    const state = ctx.session?.state;
    const visits = state ? ((state.get('visits') as number | undefined) ?? 0) + 1 : undefined;
    if (state && visits !== undefined) state.set('visits', visits);
    const http = ctx.http;
    const stdio = ctx.stdio;
    return McpResponse.tool(RequestInfo)
      .text(`${ctx.transport.kind} call${visits === undefined ? '' : ` #${visits}`}`)
      .structured({
        transport: ctx.transport.kind,
        era: ctx.era,
        ...(visits !== undefined && { visits }),
        ...(http && {
          http: {
            scheme: http.scheme,
            host: http.host,
            port: http.port,
            path: http.path,
            query: { ...http.query },
            userAgent: http.header('User-Agent'),
            remoteAddress: http.remoteAddress,
          },
        }),
        ...(stdio && { stdio: { pid: stdio.pid, envVars: Object.keys(stdio.env).length } }),
        arguments: { ...((ctx.rawParams.arguments as Record<string, unknown>) ?? {}) },
      })
      .meta({ 'demo/served-at': new Date().toISOString() });
  }
}
