import { Injectable } from '@nestjs/common';
import { McpModule, McpServer, Tool, type McpContext } from '../../../lib/index.js';
import { bootApp, type BootedApp } from '../nest/support/nest-app.js';
import { modernCall } from '../support/modern-call.js';

let asked = 0;

@Injectable()
class NeverSatisfied {
  @Tool({ description: 'Asks a new question every round' })
  async ask_again(_args: unknown, ctx: McpContext) {
    const answer = await ctx.elicit(
      { message: 'Again?', requestedSchema: { type: 'object', properties: {} } },
      { key: `q${++asked}` },
    );
    return answer.action;
  }
}

/**
 * Issue 24 item 2: the input rounds of one 2026-07-28 request are capped
 * (`requestState.maxRounds`): past it the request gets 400 with -32602, counted in stats.
 */
describe('input rounds per request (2026-07-28)', () => {
  let booted: BootedApp;

  beforeAll(async () => {
    booted = await bootApp({
      imports: [
        McpModule.forRoot({
          name: 'rounds',
          version: '1',
          requestState: { keys: ['c'.repeat(64)], maxRounds: 2 },
        }),
      ],
      providers: [NeverSatisfied],
    });
  });
  afterAll(() => booted.close());

  it('answers input_required twice, then refuses the third round with 400 -32602', async () => {
    const params: Record<string, unknown> = { name: 'ask_again', arguments: {} };
    for (let round = 1; round <= 2; round++) {
      const answer = await modernCall(booted.url(), 'tools/call', params, { tasks: false });
      expect(answer.status).toBe(200);
      expect(answer.result).toMatchObject({ resultType: 'input_required' });
      const [key] = Object.keys(answer.result!.inputRequests as object);
      params.requestState = answer.result!.requestState;
      params.inputResponses = { [key!]: { action: 'accept', content: {} } };
    }
    const refused = await modernCall(booted.url(), 'tools/call', params, { tasks: false });
    expect(refused.status).toBe(400);
    expect(refused.error).toEqual({
      code: -32602,
      message: 'Too many input rounds (the limit is 2)',
    });
    expect(booted.app.get(McpServer).stats().refused.maxInputRounds).toBe(1);
  });
});
