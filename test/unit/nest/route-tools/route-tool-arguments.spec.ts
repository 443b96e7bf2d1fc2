import 'reflect-metadata';
import { Body, Headers, Param, Query, Req } from '@nestjs/common';
import { IsInt, IsString } from 'class-validator';
import { routeToolArguments } from '../../../../lib/nest/route-tools/route-tool-arguments.js';
import { routeRequest } from '../../../../lib/nest/route-tools/route-tool-params.factory.js';

class NoteDto {
  @IsString()
  text!: string;

  @IsInt()
  priority!: number;
}

class NotesController {
  update(
    @Param('id') id: string,
    @Query('dryRun') dryRun: boolean,
    @Body() dto: NoteDto,
    @Headers('authorization') auth: string,
    @Req() req: unknown,
  ) {
    return { id, dryRun, dto, auth, req };
  }

  search(@Query('q') q: string) {
    return q;
  }
}

describe('routeToolArguments', () => {
  it('flattens path, query and body DTO arguments into one object schema', async () => {
    const plan = await routeToolArguments(NotesController, 'update', 'NotesController#update');
    expect(plan.schema).toEqual({
      type: 'object',
      properties: {
        text: { type: 'string' },
        priority: { type: 'integer' },
        dryRun: { type: 'boolean' },
        id: { type: 'string' },
      },
      required: ['text', 'priority', 'id'],
    });
  });

  it('splits arguments into params, query and body; the rest goes to the body DTO', async () => {
    const plan = await routeToolArguments(NotesController, 'update', 'NotesController#update');
    expect(plan.split({ id: '1', dryRun: true, text: 't', priority: 2, extra: 'x' })).toEqual({
      params: { id: '1' },
      query: { dryRun: true },
      body: { text: 't', priority: 2, extra: 'x' },
    });
  });

  it('drops unknown arguments when the route takes no body DTO', async () => {
    const plan = await routeToolArguments(NotesController, 'search', 'NotesController#search');
    expect(plan.split({ q: 'a', extra: 'x' })).toEqual({ params: {}, query: { q: 'a' }, body: {} });
    expect(plan.split(undefined)).toEqual({ params: {}, query: {}, body: {} });
  });

  it('keeps an argument named __proto__ a plain property', async () => {
    const plan = await routeToolArguments(NotesController, 'update', 'NotesController#update');
    const args = JSON.parse('{"__proto__": {"polluted": true}, "text": "t"}') as Record<
      string,
      unknown
    >;
    const { body } = plan.split(args);
    expect(Object.getPrototypeOf(body)).toBe(Object.prototype);
    expect(Object.keys(body)).toEqual(['__proto__', 'text']);
  });
});

describe('routeRequest', () => {
  it('lays body, query and params over the carrying request, per call', () => {
    const carrying = { headers: { authorization: 'Bearer t' }, body: { jsonrpc: '2.0' } };
    const view = routeRequest(carrying, { body: { a: 1 }, query: {}, params: { id: '7' } }) as {
      headers: object;
      body: object;
      params: object;
      user?: unknown;
    };
    expect(view.headers).toBe(carrying.headers);
    expect(view.body).toEqual({ a: 1 });
    expect(view.params).toEqual({ id: '7' });
    view.user = { id: 'u' };
    expect((carrying as { user?: unknown }).user).toBeUndefined();
  });
});
