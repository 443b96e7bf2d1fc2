import { isDtoClass } from '../../server/schema/class-validator/dto-json-schema.js';
import { dtoStandardSchema } from '../../server/schema/class-validator/dto-standard-schema.js';
import { loadClassValidator } from '../../server/schema/class-validator/load-class-validator.js';
import type { McpToolOptions } from '../decorators/mcp-primitives.decorator.js';

/**
 * Replaces a DTO class given as a `@Tool`'s `inputSchema` with its Standard Schema (listed as JSON
 * Schema, validated by class-validator), loading the optional peers only when a DTO is used.
 */
export async function withDtoInput(options: McpToolOptions, origin: string): Promise<void> {
  const input = options.inputSchema;
  if (!isDtoClass(input)) return;
  const kit = await loadClassValidator(origin);
  options.inputSchema = dtoStandardSchema(kit, input, origin);
}
