import { Body, Controller, Post, UseGuards } from '@nestjs/common';
import { Type } from 'class-transformer';
import { IsArray, IsInt, IsString, Min, ValidateNested } from 'class-validator';
import { RouteTool } from 'nestjs-mcp';
import { ApiKeyGuard } from './auth';

export class OrderLineDto {
  @IsString()
  sku!: string;

  @IsInt()
  @Min(1)
  quantity!: number;
}

export class CreateOrderDto {
  @IsString()
  customer!: string;

  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => OrderLineDto)
  lines!: OrderLineDto[];
}

/** A REST controller of the app; one route is also a tool, behind the same guard. */
@Controller('orders')
@UseGuards(ApiKeyGuard)
export class OrdersController {
  @Post()
  @RouteTool({ name: 'create_order', description: 'Places an order' })
  create(@Body() dto: CreateOrderDto) {
    const items = dto.lines.reduce((sum, line) => sum + line.quantity, 0);
    return { customer: dto.customer, items };
  }
}
