/**
 * `@Tool`, `@Prompt` and `@ResourceTemplate` check the decorated method against its schema: a
 * handler parameter that contradicts the schema does not compile (each `@ts-expect-error` below
 * fails the build if the line compiles), and every valid form keeps compiling.
 */
import { applyDecorators } from '@nestjs/common';
import {
  McpArgs,
  McpCtx,
  Prompt,
  ResourceTemplate,
  Tool,
  type McpContext,
  type McpToolOptions,
} from 'nestjs-mcp';
import { z } from 'zod';

class ForecastDto {
  city!: string;
}

export class Checked {
  // ── Valid forms ──────────────────────────────────────────────────────────────────────────
  @Tool({ inputSchema: { city: z.string(), days: z.number().optional() } })
  exact({ city, days }: { city: string; days?: number | undefined }) {
    return `${city} ${days ?? 1}`;
  }

  @Tool({ inputSchema: z.object({ city: z.string(), days: z.number().default(3) }) })
  withDefault({ days }: { days: number }, ctx: McpContext) {
    return `${days} ${ctx.signal.aborted}`;
  }

  @Tool({ inputSchema: { city: z.string() } })
  wider(args: Record<string, unknown>) {
    return args;
  }

  @Tool({ inputSchema: { city: z.string() } })
  noParameters() {
    return 'ok';
  }

  @Tool({ inputSchema: { city: z.string() } })
  byName(@McpArgs('city') city: string, @McpCtx() ctx: McpContext) {
    return `${city} ${ctx.signal.aborted}`;
  }

  @Tool({ inputSchema: { type: 'object', properties: { q: { type: 'number' } } } })
  rawJsonSchema({ q }: { q: string }) {
    return q;
  }

  @Tool({ inputSchema: ForecastDto })
  dto(dto: ForecastDto) {
    return dto.city;
  }

  @Tool()
  noSchema() {
    return 'ok';
  }

  @Prompt({ arguments: { topic: z.string() } })
  prompt({ topic }: { topic: string }) {
    return topic;
  }

  @Prompt({ arguments: [{ name: 'topic', required: true }] })
  listedPrompt({ topic }: { topic?: string | undefined }) {
    return topic ?? '';
  }

  @ResourceTemplate({ uriTemplate: 'users://{id}/files{/path*}{?q}' })
  template({ id, path, q }: { id: string; path: string[]; q?: string | undefined }) {
    return `${id} ${path.join('/')} ${q ?? ''}`;
  }

  @ResourceTemplate({ uriTemplate: 'users://{id}' })
  templateAsRecord(variables: Record<string, string | string[]>) {
    return JSON.stringify(variables);
  }

  // ── Contradictions: compile errors ──────────────────────────────────────────────────────
  // @ts-expect-error city is a string in the schema, a number in the handler
  @Tool({ inputSchema: { city: z.string() } })
  wrong({ city }: { city: number }) {
    return city;
  }

  // @ts-expect-error days may be absent (optional in the schema), the handler requires it
  @Tool({ inputSchema: { days: z.number().optional() } })
  requiredButOptional({ days }: { days: number }) {
    return days;
  }

  // @ts-expect-error the DTO's city is a string
  @Tool({ inputSchema: ForecastDto })
  wrongDto({ city }: { city: boolean }) {
    return city;
  }

  // @ts-expect-error topic is a string in the prompt's arguments
  @Prompt({ arguments: z.object({ topic: z.string() }) })
  wrongPrompt({ topic }: { topic: number }) {
    return String(topic);
  }

  // @ts-expect-error {id} is a string, not a number
  @ResourceTemplate({ uriTemplate: 'users://{id}/profile' })
  wrongTemplate({ id }: { id: number }) {
    return String(id);
  }

  // @ts-expect-error {/path*} is exploded: a string[]
  @ResourceTemplate({ uriTemplate: 'files://root{/path*}' })
  wrongExplode({ path }: { path: string }) {
    return path;
  }
}

// Options built elsewhere (a wide McpToolOptions) are not checked; applyDecorators() takes the
// decorator as it is or cast (the check needs the method, which a composition does not have).
const options: McpToolOptions = { description: 'from a variable' };
export const composed = applyDecorators(Tool(options) as MethodDecorator);
export const uncast = applyDecorators(Tool(options));
export const uncastChecked = applyDecorators(Tool({ inputSchema: { city: z.string() } }));
