import type { Type } from '@nestjs/common';
import type { ToolOptions } from '../../server/registry/definitions.interface.js';
import { MCP_ROUTE_TOOL_METADATA } from '../mcp.constants.js';
import { primitiveDecorator } from './mcp-primitives.decorator.js';

/**
 * Options of `@RouteTool()` (and of a `routeTools` entry): a tool's options without `inputSchema`,
 * which comes from the route's `@Body`/`@Query`/`@Param` parameters and their DTOs. `name`
 * defaults to the method name, `description` to the route's `@ApiOperation` description or
 * summary, else `"POST /users"`.
 */
export type McpRouteToolOptions = Omit<ToolOptions, 'inputSchema' | 'visible'>;

/** A controller route exposed as a tool through the module option `routeTools`. */
export interface McpRouteToolRef extends McpRouteToolOptions {
  /** The controller class. */
  controller: Type<unknown>;
  /** The route method's name on the controller. */
  method: string;
}

/**
 * Exposes a controller route as an MCP tool, unchanged for HTTP: its `@Body()`, `@Query()` and
 * `@Param()` DTOs (class-validator and `@ApiProperty` metadata) make the input schema, a call runs
 * through the route's guards, interceptors and pipes (its `ValidationPipe`, global pipes too), and
 * its return value is the result. Tool arguments are flat: a whole-DTO parameter contributes its
 * properties, `@Param('id')` / `@Query('q')` / `@Body('x')` one argument each.
 * @example
 * ```ts
 * @Post()
 * @RouteTool({ description: 'Creates a user' })
 * create(@Body() dto: CreateUserDto) { return this.users.create(dto); }
 * ```
 */
export const RouteTool = (options: McpRouteToolOptions = {}): MethodDecorator =>
  primitiveDecorator(MCP_ROUTE_TOOL_METADATA, 'RouteTool', options);
