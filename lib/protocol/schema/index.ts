/** Zod schemas and inferred types for MCP messages (2025-11-25 plus the 2026-07-28 additions). */
export * from './base.js';
export * from './capabilities.js';
export * from './completion.js';
export * from './content.js';
export * from './elicitation.js';
export * from './lifecycle.js';
export * from './logging.js';
export * from './modern.js';
export * from './notifications.js';
export * from './prompts.js';
export * from './resources.js';
export * from './roots.js';
export * from './sampling.js';
export * from './tasks.js';
export * from './tasks-extension.js';
export * from './tools.js';
export * from '../methods/index.js';
