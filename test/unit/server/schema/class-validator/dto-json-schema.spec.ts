import 'reflect-metadata';
import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsArray, IsOptional, IsString, ValidateNested } from 'class-validator';
import {
  dtoJsonSchema,
  isDtoClass,
} from '../../../../../lib/server/schema/class-validator/dto-json-schema.js';
import { loadClassValidator } from '../../../../../lib/server/schema/class-validator/load-class-validator.js';

class TreeNode {
  @IsString()
  label!: string;

  @IsOptional()
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => TreeNode)
  children?: TreeNode[];
}

class SwaggerOnly {
  @ApiProperty({ description: 'Count', minimum: 1, type: Number })
  count!: number;

  @ApiProperty({ enum: ['a', 'b'], isArray: true })
  letters!: string[];
}

function firstItem() {
  class Item {
    @IsString()
    a!: string;
  }
  return Item;
}

function secondItem() {
  class Item {
    @IsString()
    b!: string;
  }
  return Item;
}

function twoClassesNamedItem() {
  const first = firstItem();
  const second = secondItem();
  class Holder {
    @ValidateNested()
    @Type(() => first)
    one!: InstanceType<typeof first>;

    @ValidateNested()
    @Type(() => second)
    two!: InstanceType<typeof second>;
  }
  return Holder;
}

describe('dtoJsonSchema', () => {
  it('gives a recursive DTO a $defs entry that refers to itself', async () => {
    const kit = await loadClassValidator('test');
    const { schema } = dtoJsonSchema(kit, TreeNode, 'tool "tree"');
    expect(schema).toEqual({
      type: 'object',
      properties: {
        label: { type: 'string' },
        children: { type: 'array', items: { $ref: '#/$defs/TreeNode' } },
      },
      required: ['label'],
      $defs: {
        TreeNode: {
          type: 'object',
          properties: {
            label: { type: 'string' },
            children: { type: 'array', items: { $ref: '#/$defs/TreeNode' } },
          },
          required: ['label'],
        },
      },
    });
  });

  it('describes properties that only @ApiProperty declares', async () => {
    const kit = await loadClassValidator('test');
    expect(dtoJsonSchema(kit, SwaggerOnly, 'tool "s"').schema).toEqual({
      type: 'object',
      properties: {
        count: { type: 'number', description: 'Count', minimum: 1 },
        letters: { type: 'array', items: { type: 'string', enum: ['a', 'b'] } },
      },
    });
  });

  it('refuses two nested DTO classes of one name, naming the owner', async () => {
    const kit = await loadClassValidator('test');
    expect(() => dtoJsonSchema(kit, twoClassesNamedItem(), 'Tools#run')).toThrow(
      'Tools#run: two nested DTO classes are named Item; give them distinct names',
    );
  });

  it('tells DTO classes from built-in types and Standard Schemas', () => {
    expect(isDtoClass(TreeNode)).toBe(true);
    expect(isDtoClass(Object)).toBe(false);
    expect(isDtoClass(String)).toBe(false);
    expect(isDtoClass({ '~standard': { validate: () => ({ value: 1 }) } })).toBe(false);
    const standardFn = Object.assign(() => undefined, { '~standard': { validate: () => 1 } });
    expect(isDtoClass(standardFn)).toBe(false);
  });
});
