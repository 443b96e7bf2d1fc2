import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationShutdown,
  type OnModuleInit,
} from '@nestjs/common';
import { ApplicationConfig, HttpAdapterHost, ModulesContainer } from '@nestjs/core';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { StreamableHttpHandler } from '../../transports/http/streamable-http.handler.js';
import { afterBodyTurn } from '../../transports/shared/http/read-body.js';
import { writeAuthRefusal } from '../auth/auth-refusal-response.js';
import { McpAuthRefusal, McpResourceServer } from '../auth/mcp-resource-server.js';
import { frameworkClientAddress, type ClientAddressResolver } from './framework-client-address.js';
import { EndpointPathMatcher, resolveEndpointPaths } from './mcp-endpoint-paths.js';
import { refuseMethod } from './method-not-allowed.js';
import { mountInFront, nodeServerOf } from './mount-in-front.js';
import { routerModulePathOf } from './provider-module-path.js';

/** Injection token: the Streamable HTTP path (without the global prefix) the fast path serves. */
export const MCP_FAST_PATH = Symbol.for('nestjs-mcp:FastPath');

type ServedRequest = IncomingMessage & { ip?: string };

/**
 * The module extra `fastPath`: serves the Streamable HTTP endpoint from a listener in front of
 * the framework's router on the Node server, instead of a Nest controller. The endpoint paths are
 * resolved as the router would (global prefix with exclusions, URI versioning, `RouterModule`),
 * once at bootstrap; any other request goes on to the framework unchanged.
 *
 * Kept: the transport's own checks (Host/Origin, Content-Type, Accept, body limit and timeout),
 * the module's `auth` (the endpoint guard's check and answers, `req.auth`/`req.user`), the client
 * address by the framework's proxy setting, tools' guards/interceptors/pipes (`'mcp'` context),
 * draining at shutdown. Skipped: Nest middleware, HTTP-context guards, interceptors, filters and
 * pipes, the framework's hooks, body parsers and CORS.
 */
@Injectable()
export class McpFastPathMount implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('McpFastPath');
  private unmount?: () => void;
  private clientAddress?: ClientAddressResolver;

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly config: ApplicationConfig,
    private readonly modules: ModulesContainer,
    private readonly handler: StreamableHttpHandler,
    private readonly resourceServer: McpResourceServer,
    @Inject(MCP_FAST_PATH) private readonly path: string,
  ) {}

  onModuleInit(): void {
    const adapter = this.adapterHost.httpAdapter;
    const server = nodeServerOf(adapter);
    if (!adapter || !server) {
      throw new Error(
        'McpModule: fastPath needs an HTTP application on a Node HTTP server (Express or ' +
          'Fastify); remove fastPath to serve the endpoint as a Nest controller',
      );
    }
    const paths = resolveEndpointPaths([this.path], {
      config: this.config,
      modulePath: routerModulePathOf(this.modules, McpFastPathMount, this),
    });
    const matcher = new EndpointPathMatcher(paths);
    this.clientAddress = frameworkClientAddress(adapter);
    this.unmount = mountInFront(server, (req, res) => {
      if (!matcher.matches(req.url)) return false;
      this.serve(req, res);
      return true;
    });
    this.logger.log(`Streamable HTTP served in front of the router at ${paths.join(', ')}`);
  }

  /** Puts the server's listeners back once the app closed (draining answers through us). */
  onApplicationShutdown(): void {
    this.unmount?.();
    this.unmount = undefined;
  }

  private serve(req: ServedRequest, res: ServerResponse): void {
    const method = req.method;
    if (method !== 'POST' && method !== 'GET' && method !== 'DELETE') {
      refuseMethod(req, res);
      return;
    }
    if (this.clientAddress) req.ip = this.clientAddress(req);
    if (this.resourceServer.protectsEndpoint) void this.serveAuthenticated(method, req, res);
    // A POST is served once its body is in the buffer (see afterBodyTurn).
    else if (method === 'POST') afterBodyTurn(req, () => void this.dispatch(method, req, res));
    else void this.dispatch(method, req, res);
  }

  /** The endpoint guard's check first, as on the controller; a refusal answers as it does. */
  private async serveAuthenticated(
    method: 'POST' | 'GET' | 'DELETE',
    req: ServedRequest,
    res: ServerResponse,
  ): Promise<void> {
    try {
      await this.resourceServer.authenticateEndpoint(req);
    } catch (error) {
      req.resume();
      if (error instanceof McpAuthRefusal) writeAuthRefusal(res, error);
      else this.fail(res, error);
      return;
    }
    await this.dispatch(method, req, res);
  }

  private dispatch(
    method: 'POST' | 'GET' | 'DELETE',
    req: ServedRequest,
    res: ServerResponse,
  ): Promise<void> {
    if (method === 'POST') return this.handler.handlePost(req, res);
    if (method === 'GET') return this.handler.handleGet(req, res);
    return this.handler.handleDelete(req, res);
  }

  /** An unexpected error of the token check: logged, 500 (Nest's filter would do the same). */
  private fail(res: ServerResponse, error: unknown): void {
    this.logger.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    if (res.headersSent || res.writableEnded) return;
    const payload = '{"statusCode":500,"message":"Internal server error"}';
    res.writeHead(500, { 'content-type': 'application/json; charset=utf-8' });
    res.end(payload);
  }
}
