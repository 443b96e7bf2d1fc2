/*
 * Membership tests for method names. Use these (not `method in SomeSchemas`) before indexing a
 * schema map: `in` also matches inherited names such as `toString`.
 */
import {
  CLIENT_NOTIFICATION_METHODS,
  CLIENT_REQUEST_METHODS,
  type ClientNotificationMethod,
  type ClientRequestMethod,
  MODERN_CLIENT_REQUEST_METHODS,
  type ModernClientRequestMethod,
  SERVER_NOTIFICATION_METHODS,
  SERVER_REQUEST_METHODS,
  type ServerNotificationMethod,
  type ServerRequestMethod,
} from './method-maps.js';

const clientRequests: ReadonlySet<string> = new Set(CLIENT_REQUEST_METHODS);
const serverRequests: ReadonlySet<string> = new Set(SERVER_REQUEST_METHODS);
const clientNotifications: ReadonlySet<string> = new Set(CLIENT_NOTIFICATION_METHODS);
const serverNotifications: ReadonlySet<string> = new Set(SERVER_NOTIFICATION_METHODS);
const modernClientRequests: ReadonlySet<string> = new Set(MODERN_CLIENT_REQUEST_METHODS);

/** True when `method` is a 2025-11-25 client → server request method. */
export function isClientRequestMethod(method: string): method is ClientRequestMethod {
  return clientRequests.has(method);
}

/** True when `method` is a 2025-11-25 server → client request method. */
export function isServerRequestMethod(method: string): method is ServerRequestMethod {
  return serverRequests.has(method);
}

/** True when `method` is a 2025-11-25 client → server notification method. */
export function isClientNotificationMethod(method: string): method is ClientNotificationMethod {
  return clientNotifications.has(method);
}

/** True when `method` is a 2025-11-25 server → client notification method. */
export function isServerNotificationMethod(method: string): method is ServerNotificationMethod {
  return serverNotifications.has(method);
}

/** True when `method` is a 2026-07-28 client → server request method. */
export function isModernClientRequestMethod(method: string): method is ModernClientRequestMethod {
  return modernClientRequests.has(method);
}
