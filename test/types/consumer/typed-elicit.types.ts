/**
 * `ctx.elicit({ message, schema })` types the answer from the schema (zod, Standard Schema, DTO),
 * and a schema the elicitation subset cannot ask (a nested object, an array of objects, a date)
 * does not compile; the raw `requestedSchema` form keeps its untyped result.
 */
import { expectTypeOf } from 'expect-type';
import type { ElicitAnswer, McpContext, SchemaIssue } from 'nestjs-mcp';
import { z } from 'zod';

const Booking = z.object({
  guests: z.number().int(),
  email: z.email(),
  seating: z.enum(['inside', 'terrace']).optional(),
  extras: z.array(z.enum(['cake', 'candles'])),
  vip: z.boolean(),
});

class ContactDto {
  name!: string;
  age?: number;
}

export async function typed(ctx: McpContext): Promise<void> {
  const answer = await ctx.elicit({ message: 'Book', schema: Booking });
  expectTypeOf(answer).toEqualTypeOf<ElicitAnswer<z.output<typeof Booking>>>();
  if (answer.action === 'accept') {
    expectTypeOf(answer.content.guests).toEqualTypeOf<number>();
    expectTypeOf(answer.content.seating).toEqualTypeOf<'inside' | 'terrace' | undefined>();
    expectTypeOf(answer.content.extras).toEqualTypeOf<Array<'cake' | 'candles'>>();
  } else if (answer.action === 'invalid') {
    expectTypeOf(answer.issues).toEqualTypeOf<SchemaIssue[]>();
    expectTypeOf(answer.content).toEqualTypeOf<unknown>();
  } else {
    expectTypeOf(answer.action).toEqualTypeOf<'decline' | 'cancel'>();
    // @ts-expect-error a refusal has no content
    void answer.content;
  }

  const shape = await ctx.elicit({ message: 'Name', schema: { name: z.string() } });
  if (shape.action === 'accept') expectTypeOf(shape.content).toEqualTypeOf<{ name: string }>();

  const dto = await ctx.elicit({ message: 'Contact', schema: ContactDto }, { key: 'contact' });
  if (dto.action === 'accept') expectTypeOf(dto.content).toEqualTypeOf<ContactDto>();

  // The raw form: JSON Schema in, the protocol's untyped result out.
  const raw = await ctx.elicit({
    message: 'Raw',
    requestedSchema: { type: 'object', properties: { n: { type: 'number' } } },
  });
  expectTypeOf(raw.action).toEqualTypeOf<'accept' | 'decline' | 'cancel'>();
  expectTypeOf(raw.content).toEqualTypeOf<
    Record<string, string | number | boolean | string[]> | undefined
  >();
}

class AddressDto {
  city!: string;
}
class NestedDto {
  address!: AddressDto;
}

export async function outsideTheSubset(ctx: McpContext): Promise<void> {
  // @ts-expect-error a nested object is not a flat field
  await ctx.elicit({ message: 'm', schema: z.object({ address: z.object({ city: z.string() }) }) });
  // @ts-expect-error an array of objects is not a flat field
  await ctx.elicit({
    message: 'm',
    schema: z.object({ rows: z.array(z.object({ n: z.number() })) }),
  });
  // @ts-expect-error an array of numbers: multi-select takes strings only
  await ctx.elicit({ message: 'm', schema: { ids: z.array(z.number()) } });
  // @ts-expect-error a Date is not a primitive field
  await ctx.elicit({ message: 'm', schema: z.object({ at: z.date() }) });
  // @ts-expect-error a DTO with a nested DTO
  await ctx.elicit({ message: 'm', schema: NestedDto });
  // @ts-expect-error the message is required
  await ctx.elicit({ schema: Booking });
}

export async function explicitRound(ctx: McpContext) {
  const answer = await ctx.elicitAnswer('booking', Booking);
  if (!answer) {
    const booking = await ctx.elicitRequest({ message: 'Book', schema: Booking });
    return ctx.inputRequired({ inputRequests: { booking } });
  }
  if (answer.action === 'accept') expectTypeOf(answer.content.vip).toEqualTypeOf<boolean>();
  // @ts-expect-error a nested object cannot be asked in a round either
  await ctx.elicitRequest({ message: 'm', schema: z.object({ a: z.object({ b: z.string() }) }) });
  return answer.action;
}
