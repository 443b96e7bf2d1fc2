import {
  BadRequestException,
  Injectable,
  ParseIntPipe,
  UsePipes,
  type PipeTransform,
} from '@nestjs/common';
import { z } from 'zod';
import { Prompt, Tool, McpArgs } from '../../../../lib/index.js';

/** A validation pipe: parses the value with a zod schema (and its transforms), 400 on failure. */
export class ZodValidationPipe<T> implements PipeTransform<unknown, T> {
  constructor(private readonly schema: z.ZodType<T>) {}

  transform(value: unknown): T {
    const parsed = this.schema.safeParse(value);
    if (parsed.success) return parsed.data;
    const detail = parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`);
    throw new BadRequestException(`Validation failed: ${detail.join('; ')}`);
  }
}

/** Trims every top-level string property of an object. */
@Injectable()
export class TrimStringsPipe implements PipeTransform {
  transform(value: unknown): unknown {
    if (typeof value !== 'object' || value === null) return value;
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, typeof v === 'string' ? v.trim() : v]),
    );
  }
}

/** A global pipe (`APP_PIPE`): refuses any argument object mentioning "forbidden". */
@Injectable()
export class NoForbiddenWordPipe implements PipeTransform {
  transform(value: unknown): unknown {
    if (
      typeof value === 'object' &&
      value !== null &&
      JSON.stringify(value).includes('forbidden')
    ) {
      throw new BadRequestException('The word "forbidden" is not allowed');
    }
    return value;
  }
}

const NewUser = z.object({
  name: z.string().trim().min(2, 'name must have at least 2 characters'),
  email: z.email('email must be an email address').transform((e) => e.toLowerCase()),
});

/** Tools whose arguments go through pipes. */
@Injectable()
export class PipedTools {
  @Tool({
    description: 'Creates a user (arguments checked by a validation pipe)',
    inputSchema: { name: z.string(), email: z.string() },
  })
  create_user(@McpArgs(new ZodValidationPipe(NewUser)) user: z.infer<typeof NewUser>) {
    return `created ${user.name} <${user.email}>`;
  }

  @Tool({
    description: 'Doubles a numeric string (ParseIntPipe on one argument)',
    inputSchema: { count: z.string() },
  })
  double(@McpArgs('count', ParseIntPipe) count: number) {
    return `doubled: ${count * 2} (${typeof count})`;
  }

  @UsePipes(TrimStringsPipe)
  @Tool({ description: 'Greets (method-level pipe)', inputSchema: { name: z.string() } })
  greet(@McpArgs() args: { name: string }) {
    return `hello [${args.name}]`;
  }

  @Prompt({
    description: 'A prompt whose argument goes through ParseIntPipe',
    arguments: [{ name: 'days', required: true }],
  })
  forecast(@McpArgs('days', ParseIntPipe) days: number) {
    return `forecast for ${days} days`;
  }
}
