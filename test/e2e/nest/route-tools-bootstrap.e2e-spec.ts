import 'reflect-metadata';
import {
  Body,
  Controller,
  Get,
  Injectable,
  Next,
  Param,
  Post,
  Res,
  UploadedFile,
  type Type,
} from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { IsString } from 'class-validator';
import { McpModule, RouteTool, type McpRouteToolRef } from '../../../lib/index.js';

class NamedDto {
  @IsString()
  name!: string;
}

@Controller('bad')
class ResponseRoute {
  @Get()
  @RouteTool()
  download(@Res() res: unknown) {
    return res;
  }
}

@Controller('bad')
class NextRoute {
  @Get()
  @RouteTool()
  handOver(@Next() next: unknown) {
    return next;
  }
}

@Controller('bad')
class UploadRoute {
  @Post()
  @RouteTool()
  upload(@UploadedFile() file: unknown) {
    return file;
  }
}

@Controller('bad')
class UntypedBodyRoute {
  @Post()
  @RouteTool()
  create(@Body() body: Record<string, unknown>) {
    return body;
  }
}

@Controller('bad')
class ClashingRoute {
  @Post(':name')
  @RouteTool()
  rename(@Param('name') name: string, @Body() dto: NamedDto) {
    return { name, dto };
  }
}

@Controller('bad')
class PlainController {
  @Get()
  route() {
    return 'ok';
  }

  helper() {
    return 'not a route';
  }
}

@Injectable()
class NotAController {
  @RouteTool()
  helper() {
    return 'not a route';
  }
}

async function bootstrapError(
  controllers: Type<unknown>[],
  routeTools?: McpRouteToolRef[],
  providers: Type<unknown>[] = [],
): Promise<string> {
  const moduleRef = await Test.createTestingModule({
    imports: [McpModule.forRoot({ name: 'bad-routes', version: '1.0.0', routeTools })],
    controllers,
    providers,
  }).compile();
  const app = moduleRef.createNestApplication({ logger: false });
  const error = await app.init().then(
    () => undefined,
    (e: unknown) => e,
  );
  await app.close().catch(() => undefined);
  expect(error).toBeInstanceOf(Error);
  return (error as Error).message;
}

describe('routes that cannot be tools fail the bootstrap naming Class#method', () => {
  it.each([
    [ResponseRoute, 'ResponseRoute#download: parameter #0 uses @Res()'],
    [NextRoute, 'NextRoute#handOver: parameter #0 uses @Next()'],
    [UploadRoute, 'UploadRoute#upload: parameter #0 uses @UploadedFile()'],
    [
      UntypedBodyRoute,
      'UntypedBodyRoute#create: @Body() parameter #0 has no DTO class (its type is Object)',
    ],
    [
      ClashingRoute,
      'ClashingRoute#rename: the tool argument "name" would go to both req.body and req.params',
    ],
  ])('%p', async (controller, message) => {
    expect(await bootstrapError([controller])).toContain(message);
  });

  it('refuses a routeTools entry that names a method that is no route', async () => {
    const message = await bootstrapError(
      [PlainController],
      [{ controller: PlainController, method: 'helper' }],
    );
    expect(message).toContain('PlainController#helper: not a route handler (@Get, @Post ...)');
  });

  it('refuses a routeTools entry whose controller is not in the app', async () => {
    const message = await bootstrapError([], [{ controller: PlainController, method: 'route' }]);
    expect(message).toBe(
      'routeTools: PlainController#route is not a route of a controller of this app',
    );
  });

  it('refuses @RouteTool on a provider method', async () => {
    const message = await bootstrapError([], undefined, [NotAController]);
    expect(message).toContain('NotAController#helper: @RouteTool marks a controller route');
  });
});
