/**
 * Views of the method table per direction and era: method lists, method → schema maps (frozen,
 * built once at module load), membership guards and the named type helpers.
 */
import type { z } from 'zod';
import type { McpEra, McpMessageKind, McpMethodSpec, McpSender } from './method-spec.interface.js';
import {
  MCP_METHODS,
  type McpMethodSchemasOf,
  type McpMethodsOf,
  type McpParamsOf,
  type McpResultOf,
} from './method-table.js';

/** A client → server request method of 2025-11-25 (`tasks/*` experimental). */
export type ClientRequestMethod = McpMethodsOf<'client', 'request', 'legacy'>['method'];
/** A server → client request method of 2025-11-25 (`tasks/*` experimental). */
export type ServerRequestMethod = McpMethodsOf<'server', 'request', 'legacy'>['method'];
/** A client → server notification method of 2025-11-25. */
export type ClientNotificationMethod = McpMethodsOf<'client', 'notification', 'legacy'>['method'];
/** A server → client notification method of 2025-11-25. */
export type ServerNotificationMethod = McpMethodsOf<'server', 'notification', 'legacy'>['method'];
/** A 2026-07-28 client → server request method. */
export type ModernClientRequestMethod = McpMethodsOf<'client', 'request', 'modern'>['method'];
/** A 2026-07-28 client → server notification method. */
export type ModernClientNotificationMethod = McpMethodsOf<
  'client',
  'notification',
  'modern'
>['method'];
/** A 2026-07-28 server → client notification method. */
export type ModernServerNotificationMethod = McpMethodsOf<
  'server',
  'notification',
  'modern'
>['method'];

/** Parsed params type of a client → server request method. */
export type ClientRequestParamsOf<M extends ClientRequestMethod> = McpParamsOf<
  'client',
  'request',
  'legacy',
  M
>;
/** Parsed result type of a client → server request method. */
export type ClientRequestResultOf<M extends ClientRequestMethod> = McpResultOf<
  'client',
  'legacy',
  M
>;
/** Parsed params type of a server → client request method. */
export type ServerRequestParamsOf<M extends ServerRequestMethod> = McpParamsOf<
  'server',
  'request',
  'legacy',
  M
>;
/** Parsed result type of a server → client request method. */
export type ServerRequestResultOf<M extends ServerRequestMethod> = McpResultOf<
  'server',
  'legacy',
  M
>;
/** Parsed params type of a 2026-07-28 client → server request method. */
export type ModernClientRequestParamsOf<M extends ModernClientRequestMethod> = McpParamsOf<
  'client',
  'request',
  'modern',
  M
>;
/** Parsed result type of a 2026-07-28 client → server request method. */
export type ModernClientRequestResultOf<M extends ModernClientRequestMethod> = McpResultOf<
  'client',
  'modern',
  M
>;

const specs = MCP_METHODS as readonly McpMethodSpec[];
const select = (from: McpSender, kind: McpMessageKind, era: McpEra) =>
  specs.filter((s) => s.from === from && s.kind === kind && s[era] !== undefined);

function names<M extends string>(from: McpSender, kind: McpMessageKind, era: McpEra) {
  return Object.freeze(select(from, kind, era).map((s) => s.method)) as readonly M[];
}

type SchemaMap<
  F extends McpSender,
  K extends McpMessageKind,
  E extends McpEra,
  P extends 'params' | 'result',
> = {
  readonly [M in McpMethodsOf<F, K, E>['method']]: McpMethodSchemasOf<F, K, E, M>[P] & z.ZodType;
};

function schemas<
  F extends McpSender,
  K extends McpMessageKind,
  E extends McpEra,
  P extends 'params' | 'result',
>(from: F, kind: K, era: E, part: P): SchemaMap<F, K, E, P> {
  const entries = select(from, kind, era).map((s) => [s.method, s[era]![part]]);
  return Object.freeze(Object.fromEntries(entries)) as SchemaMap<F, K, E, P>;
}

/** Client → server request methods of 2025-11-25. */
export const CLIENT_REQUEST_METHODS = names<ClientRequestMethod>('client', 'request', 'legacy');
/** Server → client request methods of 2025-11-25. */
export const SERVER_REQUEST_METHODS = names<ServerRequestMethod>('server', 'request', 'legacy');
/** Client → server notification methods of 2025-11-25. */
export const CLIENT_NOTIFICATION_METHODS = names<ClientNotificationMethod>(
  'client',
  'notification',
  'legacy',
);
/** Server → client notification methods of 2025-11-25. */
export const SERVER_NOTIFICATION_METHODS = names<ServerNotificationMethod>(
  'server',
  'notification',
  'legacy',
);
/** Client → server request methods of 2026-07-28. */
export const MODERN_CLIENT_REQUEST_METHODS = names<ModernClientRequestMethod>(
  'client',
  'request',
  'modern',
);
/** Client → server notification methods of 2026-07-28. */
export const MODERN_CLIENT_NOTIFICATION_METHODS = names<ModernClientNotificationMethod>(
  'client',
  'notification',
  'modern',
);
/** Server → client notification methods of 2026-07-28. */
export const MODERN_SERVER_NOTIFICATION_METHODS = names<ModernServerNotificationMethod>(
  'server',
  'notification',
  'modern',
);

/** Client → server method → params schema (2025-11-25). */
export const ClientRequestParamsSchemas = schemas('client', 'request', 'legacy', 'params');
/** Client → server method → result schema (2025-11-25). */
export const ClientRequestResultSchemas = schemas('client', 'request', 'legacy', 'result');
/** Server → client method → params schema (2025-11-25). */
export const ServerRequestParamsSchemas = schemas('server', 'request', 'legacy', 'params');
/** Server → client method → result schema (2025-11-25). */
export const ServerRequestResultSchemas = schemas('server', 'request', 'legacy', 'result');
/** Client → server notification method → params schema (2025-11-25). */
export const ClientNotificationParamsSchemas = schemas(
  'client',
  'notification',
  'legacy',
  'params',
);
/** Server → client notification method → params schema (2025-11-25). */
export const ServerNotificationParamsSchemas = schemas(
  'server',
  'notification',
  'legacy',
  'params',
);
/** 2026-07-28 client → server method → params schema. */
export const ModernClientRequestParamsSchemas = schemas('client', 'request', 'modern', 'params');
/** 2026-07-28 client → server method → result schema. */
export const ModernClientRequestResultSchemas = schemas('client', 'request', 'modern', 'result');
/** 2026-07-28 client → server notification method → params schema. */
export const ModernClientNotificationParamsSchemas = schemas(
  'client',
  'notification',
  'modern',
  'params',
);
/** 2026-07-28 server → client notification method → params schema. */
export const ModernServerNotificationParamsSchemas = schemas(
  'server',
  'notification',
  'modern',
  'params',
);
