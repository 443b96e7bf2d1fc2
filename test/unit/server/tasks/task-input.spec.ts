import { McpError } from '../../../../lib/errors/mcp.error.js';
import type { InputRequests } from '../../../../lib/protocol/schema/index.js';
import { TaskInput } from '../../../../lib/server/tasks/task-input.js';

const form = { message: 'Name?', requestedSchema: { type: 'object', properties: {} } };

describe('TaskInput (input requests of a running task)', () => {
  let changes: Array<InputRequests | undefined>;
  let input: TaskInput;
  beforeEach(() => {
    changes = [];
    input = new TaskInput('t1', (requests) => changes.push(requests));
  });

  it('keys each request uniquely over the task’s life and reports the outstanding ones', async () => {
    const first = input.ask('elicitation/create', form);
    void input.ask('elicitation/create', form);
    expect(Object.keys(changes.at(-1)!)).toEqual(['elicitation', 'elicitation:1']);
    input.answer({ elicitation: { action: 'accept', content: {} } });
    await expect(first).resolves.toEqual({ action: 'accept', content: {} });
    // Partial answer: the other key stays outstanding.
    expect(Object.keys(changes.at(-1)!)).toEqual(['elicitation:1']);
    void input.ask('elicitation/create', form, 'elicitation');
    expect(Object.keys(changes.at(-1)!)).toEqual(['elicitation:1', 'elicitation:2']);
  });

  it('ignores answers to keys that are not outstanding', () => {
    void input.ask('roots/list', {});
    const before = changes.length;
    expect(input.answer({ nope: { roots: [] } })).toBe(false);
    expect(changes).toHaveLength(before);
  });

  it('refuses a malformed answer with -32602 and keeps the request outstanding', () => {
    void input.ask('elicitation/create', form);
    expect(() => input.answer({ elicitation: { action: 'maybe' } })).toThrow(McpError);
    expect(Object.keys(changes.at(-1)!)).toEqual(['elicitation']);
  });

  it('2025: sends outstanding requests on an opened channel with the related-task _meta', async () => {
    const sent: Array<[string, Record<string, unknown>]> = [];
    const answer = input.ask('elicitation/create', form);
    input.open({
      signal: new AbortController().signal,
      request: async (method, params) => {
        sent.push([method, params]);
        return { action: 'decline' };
      },
    });
    await expect(answer).resolves.toEqual({ action: 'decline' });
    expect(sent[0]![1]._meta).toEqual({ 'io.modelcontextprotocol/related-task': { taskId: 't1' } });
    expect(changes.at(-1)).toBeUndefined();
  });

  it('fail() rejects every outstanding request', async () => {
    const answer = input.ask('roots/list', {});
    input.fail(new Error('cancelled'));
    await expect(answer).rejects.toThrow('cancelled');
  });
});
