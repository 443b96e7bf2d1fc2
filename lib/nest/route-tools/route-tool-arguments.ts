import { CUSTOM_ROUTE_ARGS_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants.js';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum.js';
import type { JsonSchema } from '../../server/schema/json-schema.interface.js';
import {
  dtoJsonSchema,
  isDtoClass,
  type DtoClass,
} from '../../server/schema/class-validator/dto-json-schema.js';
import {
  loadClassValidator,
  type ClassValidatorKit,
} from '../../server/schema/class-validator/load-class-validator.js';
import { apiParamSchema } from './api-param-schema.js';

type Controller = abstract new (...args: never[]) => unknown;

/** Where a tool argument goes in the request the route sees. */
export type ArgumentSource = 'body' | 'query' | 'params';

/** The request parts a call's arguments make: `req.body`, `req.query`, `req.params`. */
export type RouteRequestParts = Record<ArgumentSource, Record<string, unknown>>;

/** How a route's parameters become a tool's arguments, worked out once at bootstrap. */
export interface RouteToolArguments {
  /** The tool's input JSON Schema (an object of the flat arguments). */
  readonly schema: JsonSchema;
  /** Splits a call's arguments into the request parts the route's parameters read. */
  split(args: Record<string, unknown> | undefined): RouteRequestParts;
}

const SOURCES = new Map<number, { source: ArgumentSource; decorator: string }>([
  [RouteParamtypes.BODY, { source: 'body', decorator: '@Body' }],
  [RouteParamtypes.QUERY, { source: 'query', decorator: '@Query' }],
  [RouteParamtypes.PARAM, { source: 'params', decorator: '@Param' }],
]);
const UNMAPPABLE = new Map<number, string>([
  [
    RouteParamtypes.RESPONSE,
    '@Res() (the route writes its own response, which a tool cannot return)',
  ],
  [RouteParamtypes.NEXT, '@Next() (the route hands over to the next handler)'],
  [RouteParamtypes.FILE, '@UploadedFile() (tool arguments carry no files)'],
  [RouteParamtypes.FILES, '@UploadedFiles() (tool arguments carry no files)'],
  [RouteParamtypes.RAW_BODY, '@RawBody() (a tool call has no raw body of its own)'],
]);
const SCALARS = new Map<unknown, JsonSchema>([
  [String, { type: 'string' }],
  [Number, { type: 'number' }],
  [Boolean, { type: 'boolean' }],
  [Array, { type: 'array' }],
]);

interface RouteParam {
  index: number;
  data: unknown;
  type: number;
  metatype: unknown;
}

/**
 * Works out a route's tool arguments from its parameter decorators and their types: a whole
 * `@Body()`, `@Query()` or `@Param()` DTO contributes its properties as arguments; `@Body('x')`,
 * `@Query('x')`, `@Param('x')` one argument `x` each (path parameters required); parameters read
 * from the request itself (`@Req`, `@Headers`, `@Ip`, custom decorators) none. Arguments that are
 * no declared property go to the body when the route takes a whole body DTO (so its
 * `ValidationPipe` judges them), else they are dropped.
 * @throws Error naming `origin` for a parameter a tool cannot give (`@Res`, `@Next`, files, a raw
 *   body), a whole body/query/params without a DTO class, or one argument name in two places.
 */
export async function routeToolArguments(
  controller: Controller,
  methodName: string,
  origin: string,
): Promise<RouteToolArguments> {
  const params = routeParams(controller, methodName);
  const kit = params.some((p) => SOURCES.has(p.type) && isDtoClass(p.metatype))
    ? await loadClassValidator(origin)
    : undefined;
  const builder = new ArgumentsBuilder(origin);
  for (const param of params) {
    const unmappable = UNMAPPABLE.get(param.type);
    if (unmappable) {
      throw new Error(
        `${origin}: parameter #${param.index} uses ${unmappable}, so the route cannot be a tool`,
      );
    }
    const source = SOURCES.get(param.type);
    if (source) builder.add(param, source.source, source.decorator, kit, controller, methodName);
  }
  return builder.build();
}

function routeParams(controller: Controller, methodName: string): RouteParam[] {
  const metadata = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, methodName) ??
    {}) as Record<string, { index: number; data?: unknown }>;
  const types = (Reflect.getMetadata(
    'design:paramtypes',
    controller.prototype as object,
    methodName,
  ) ?? []) as unknown[];
  return Object.entries(metadata)
    .filter(([key]) => !key.includes(CUSTOM_ROUTE_ARGS_METADATA))
    .map(([key, { index, data }]) => ({
      index,
      data,
      type: Number(key.split(':')[0]),
      metatype: types[index],
    }));
}

class ArgumentsBuilder {
  private readonly properties: Record<string, JsonSchema> = {};
  private readonly required = new Set<string>();
  private readonly defs = new Map<string, { type: DtoClass; schema: JsonSchema }>();
  private readonly routes = new Map<string, ArgumentSource>();
  private wholeBody = false;

  constructor(private readonly origin: string) {}

  add(
    param: RouteParam,
    source: ArgumentSource,
    decorator: string,
    kit: ClassValidatorKit | undefined,
    controller: Controller,
    methodName: string,
  ): void {
    const { data, metatype } = param;
    const dto = kit && isDtoClass(metatype) ? dtoJsonSchema(kit, metatype, this.origin) : undefined;
    if (dto) for (const [name, def] of dto.defs) this.addDef(name, def);
    const { $defs: _ignored, ...dtoSchema }: JsonSchema = dto?.schema ?? {};
    if (typeof data === 'string') {
      const scalar = SCALARS.get(metatype) ?? (source === 'params' ? { type: 'string' } : {});
      const base = dto ? dtoSchema : scalar;
      const schema = apiParamSchema(controller, methodName, data, source, base);
      this.addArgument(data, source, decorator, schema, source === 'params');
      return;
    }
    if (!dto) {
      const name = (metatype as { name?: string } | undefined)?.name ?? 'unknown';
      throw new Error(
        `${this.origin}: ${decorator}() parameter #${param.index} has no DTO class (its type is ` +
          `${name}), so its tool arguments cannot be described; give it a class-validator DTO or ` +
          `read single values with ${decorator}('name')`,
      );
    }
    if (source === 'body') this.wholeBody = true;
    const required = new Set((dtoSchema.required as string[] | undefined) ?? []);
    for (const [name, schema] of Object.entries(
      dtoSchema.properties as Record<string, JsonSchema>,
    )) {
      this.addArgument(
        name,
        source,
        `${decorator}() ${(metatype as DtoClass).name}`,
        schema,
        required.has(name),
      );
    }
  }

  build(): RouteToolArguments {
    const schema: JsonSchema = { type: 'object', properties: this.properties };
    if (this.required.size > 0) schema.required = [...this.required];
    if (this.defs.size > 0) {
      schema.$defs = Object.fromEntries([...this.defs].map(([name, def]) => [name, def.schema]));
    }
    const routes = this.routes;
    const rest: ArgumentSource | undefined = this.wholeBody ? 'body' : undefined;
    return {
      schema,
      split(args) {
        const parts: RouteRequestParts = { body: {}, query: {}, params: {} };
        for (const [name, value] of Object.entries(args ?? {})) {
          const source = routes.get(name) ?? rest;
          // defineProperty: an argument named "__proto__" stays a plain property.
          if (source)
            Object.defineProperty(parts[source], name, {
              value,
              enumerable: true,
              writable: true,
              configurable: true,
            });
        }
        return parts;
      },
    };
  }

  private addArgument(
    name: string,
    source: ArgumentSource,
    from: string,
    schema: JsonSchema,
    required: boolean,
  ): void {
    const known = this.routes.get(name);
    if (known && known !== source) {
      throw new Error(
        `${this.origin}: the tool argument "${name}" would go to both req.${known} and ` +
          `req.${source} (from ${from}); rename one of them`,
      );
    }
    this.routes.set(name, source);
    this.properties[name] = known ? { ...this.properties[name], ...schema } : schema;
    if (required) this.required.add(name);
  }

  private addDef(name: string, def: { type: DtoClass; schema: JsonSchema }): void {
    const known = this.defs.get(name);
    if (known && known.type !== def.type) {
      throw new Error(
        `${this.origin}: two nested DTO classes are named ${name}; give them distinct names`,
      );
    }
    this.defs.set(name, def);
  }
}
