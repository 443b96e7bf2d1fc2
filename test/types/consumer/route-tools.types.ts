/**
 * Routes as tools and DTO schemas as a consumer writes them.
 */
import { expectTypeOf } from 'expect-type';
import {
  McpModule,
  RouteTool,
  Tool,
  type DtoClass,
  type McpModuleOptions,
  type McpRouteToolOptions,
  type McpRouteToolRef,
  type McpToolOptions,
} from 'nestjs-mcp';

class CreateUserDto {
  name!: string;
}
class UsersController {
  create(dto: CreateUserDto) {
    return dto;
  }
}

expectTypeOf(RouteTool).returns.toEqualTypeOf<MethodDecorator>();
expectTypeOf(RouteTool).parameter(0).toEqualTypeOf<McpRouteToolOptions | undefined>();
RouteTool({
  name: 'create_user',
  description: 'Creates a user',
  annotations: { readOnlyHint: false },
});
// @ts-expect-error: a route tool's input schema comes from the route's parameters
RouteTool({ inputSchema: { type: 'object' } });

const ref: McpRouteToolRef = { controller: UsersController, method: 'create', title: 'Create' };
const options: McpModuleOptions = { name: 'a', version: '1', routeTools: [ref] };
McpModule.forRoot(options);
// @ts-expect-error: an entry names the route method
export const noMethod: McpRouteToolRef = { controller: UsersController };

const dtoInput: McpToolOptions = { description: 'DTO input', inputSchema: CreateUserDto };
Tool(dtoInput);
expectTypeOf(CreateUserDto).toMatchTypeOf<DtoClass>();
