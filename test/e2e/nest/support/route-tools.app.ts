import {
  Body,
  CallHandler,
  Controller,
  ExecutionContext,
  Get,
  Injectable,
  NotFoundException,
  Param,
  ParseIntPipe,
  Post,
  Query,
  Req,
  UnauthorizedException,
  UseGuards,
  UseInterceptors,
  type CanActivate,
  type NestInterceptor,
} from '@nestjs/common';
import { ApiOperation, ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  IsArray,
  IsEmail,
  IsEnum,
  IsInt,
  IsOptional,
  IsString,
  Length,
  Max,
  Min,
  MinLength,
  ValidateNested,
} from 'class-validator';
import type { IncomingHttpHeaders } from 'node:http';
import { map, type Observable } from 'rxjs';
import { RouteTool } from '../../../../lib/index.js';

/*
 * A REST controller as apps write it (class-validator DTOs, @nestjs/swagger, a REST guard, an
 * interceptor), with some routes also exposed as tools.
 */

export const ROUTE_API_KEY = 'route-key';

export enum Role {
  Admin = 'admin',
  Member = 'member',
}

export class AddressDto {
  @ApiProperty({ description: 'City name', example: 'Oslo' })
  @IsString()
  city!: string;

  @IsOptional()
  @IsString()
  zip?: string;
}

export class TagDto {
  @IsString()
  @Length(1, 20)
  label!: string;
}

export class CreateUserDto {
  @ApiProperty({ description: 'Full name', example: 'Ada Lovelace' })
  @IsString()
  @MinLength(2)
  name!: string;

  @IsInt()
  @Min(0)
  @Max(150)
  age!: number;

  @ApiProperty({ enum: Role, description: 'What the user may do' })
  @IsEnum(Role)
  role!: Role;

  @IsOptional()
  @IsEmail()
  email?: string;

  @ValidateNested()
  @Type(() => AddressDto)
  address!: AddressDto;

  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => TagDto)
  tags!: TagDto[];
}

export class ListQueryDto {
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  limit?: number;
}

/** A REST guard: the API key in `X-Api-Key` of `switchToHttp().getRequest()`; sets `req.user`. */
@Injectable()
export class ApiKeyGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const request = context
      .switchToHttp()
      .getRequest<{ headers: IncomingHttpHeaders; user?: unknown }>();
    if (request.headers['x-api-key'] !== ROUTE_API_KEY) return false;
    request.user = { id: 'key-holder' };
    return true;
  }
}

/** A guard that throws (an expired session, say). */
@Injectable()
export class ExpiredGuard implements CanActivate {
  canActivate(): boolean {
    throw new UnauthorizedException('session expired');
  }
}

/** Stamps every result of the controller, as a response-shaping interceptor does. */
@Injectable()
export class StampInterceptor implements NestInterceptor {
  intercept(_context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(map((value: object) => ({ ...value, stamped: true })));
  }
}

@Controller('users')
@UseInterceptors(StampInterceptor)
export class UsersController {
  @Post()
  @RouteTool({ description: 'Creates a user' })
  @UseGuards(ApiKeyGuard)
  create(@Body() dto: CreateUserDto, @Req() req: { user?: { id: string } }) {
    return {
      instance: dto instanceof CreateUserDto,
      name: dto.name,
      city: dto.address.city,
      tags: dto.tags.map((t) => t.label),
      by: req.user?.id ?? null,
    };
  }

  @Get(':id')
  @RouteTool({ name: 'find_user' })
  @ApiOperation({ summary: 'Finds a user by id' })
  find(@Param('id', ParseIntPipe) id: number, @Query() query: ListQueryDto) {
    if (id === 404) throw new NotFoundException(`user ${id} not found`);
    return { id, limit: query.limit ?? 10 };
  }

  @Post('expired')
  @RouteTool()
  @UseGuards(ExpiredGuard)
  expired() {
    return { never: true };
  }

  /** Exposed through the module option `routeTools`, not a decorator. */
  @Get()
  list(@Query('q') q?: string) {
    return { q: q ?? null };
  }
}
