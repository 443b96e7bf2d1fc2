import 'reflect-metadata';
import { Injectable } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Max, Min, ValidateNested } from 'class-validator';
import { McpArgs, McpModule, Tool } from '../../../lib/index.js';
import {
  connectOwn,
  connectSdk,
  firstText,
  type OwnPeer,
  type SdkPeer,
} from './support/clients.js';
import { bootApp, type BootedApp } from './support/nest-app.js';

class UnitsDto {
  @IsIn(['metric', 'imperial'])
  system!: string;
}

class ForecastDto {
  @ApiProperty({ description: 'City name', example: 'Oslo' })
  @IsString()
  city!: string;

  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(14)
  days?: number;

  @IsOptional()
  @ValidateNested()
  @Type(() => UnitsDto)
  units?: UnitsDto;
}

class UndecoratedDto {
  city!: string;
}

@Injectable()
class DtoTools {
  @Tool({ description: 'Forecast for a city', inputSchema: ForecastDto })
  forecast(dto: ForecastDto) {
    return { instance: dto instanceof ForecastDto, city: dto.city, days: dto.days ?? 1 };
  }

  @Tool({ inputSchema: ForecastDto })
  units(@McpArgs() dto: ForecastDto) {
    return `${dto.city} in ${dto.units instanceof UnitsDto ? dto.units.system : 'default'} units`;
  }
}

@Injectable()
class UndecoratedTools {
  @Tool({ inputSchema: UndecoratedDto })
  plain() {
    return 'never listed';
  }
}

function boot(provider: new () => unknown): Promise<BootedApp> {
  return bootApp({
    imports: [McpModule.forRoot({ name: 'dtos', version: '1.0.0' })],
    providers: [provider],
  });
}

describe('@Tool with a class-validator DTO as inputSchema', () => {
  let app: BootedApp;
  let sdk: SdkPeer;
  let own: OwnPeer;

  beforeAll(async () => {
    app = await boot(DtoTools);
    sdk = await connectSdk(app.url());
    own = await connectOwn(app.url());
  });

  afterAll(async () => {
    await sdk.close();
    await own.close();
    await app.close();
  });

  it('lists the DTO as JSON Schema, closed to unknown properties', async () => {
    const { tools } = await sdk.client.listTools();
    expect(tools.find((t) => t.name === 'forecast')?.inputSchema).toEqual({
      type: 'object',
      properties: {
        city: { type: 'string', description: 'City name', examples: ['Oslo'] },
        days: { type: 'integer', minimum: 1, maximum: 14 },
        units: { $ref: '#/$defs/UnitsDto' },
      },
      required: ['city'],
      additionalProperties: false,
      $defs: {
        UnitsDto: {
          type: 'object',
          properties: { system: { enum: ['metric', 'imperial'], type: 'string' } },
          required: ['system'],
        },
      },
    });
  });

  it('hands the handler the DTO instance (nested DTOs too)', async () => {
    const result = await sdk.client.callTool({ name: 'forecast', arguments: { city: 'Oslo' } });
    expect(result.structuredContent).toEqual({ instance: true, city: 'Oslo', days: 1 });
    const units = await own.client.callTool('units', { city: 'Oslo', units: { system: 'metric' } });
    expect(firstText(units)).toBe('Oslo in metric units');
  });

  it('refuses wrong-typed arguments with an isError result naming the field', async () => {
    const result = await sdk.client.callTool({
      name: 'forecast',
      arguments: { city: 3, days: 30 },
    });
    expect(result.isError).toBe(true);
    expect(firstText(result)).toBe(
      'Invalid arguments for tool "forecast": city: city must be a string; ' +
        'days: days must not be greater than 14',
    );
  });

  it('refuses an invalid nested field and an unknown property, naming them (McpClient)', async () => {
    const result = await own.client.callTool('units', {
      city: 'Oslo',
      units: { system: 'kelvin' },
      extra: 1,
    });
    expect(result.isError).toBe(true);
    const text = firstText(result);
    expect(text).toContain('extra: property extra should not exist');
    expect(text).toContain(
      'units.system: system must be one of the following values: metric, imperial',
    );
  });
});

describe('a DTO without class-validator decorators', () => {
  it('fails the bootstrap naming the tool', async () => {
    const error = await boot(UndecoratedTools).then(
      (app) => app.close().then(() => undefined),
      (e: unknown) => e,
    );
    expect((error as Error).message).toBe(
      'UndecoratedTools#plain: the DTO UndecoratedDto has no class-validator or @ApiProperty ' +
        'decorated property, so its arguments cannot be described',
    );
  });
});
