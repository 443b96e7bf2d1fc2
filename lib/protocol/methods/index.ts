/** The MCP method table and its views (lists, schema maps, guards, type helpers). */
export * from './method-spec.interface.js';
export * from './method-table.js';
export * from './method-maps.js';
export * from './method-guards.js';
export { OptionalNotificationParams } from './shared-schemas.js';
