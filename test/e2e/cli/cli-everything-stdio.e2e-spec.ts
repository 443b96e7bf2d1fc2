import { CliProcess } from './support/cli-process.js';
import { EVERYTHING_MAIN } from '../stdio/support/sample.js';

// Each step spawns a process; a shared, loaded machine can make that slow.
import.meta.jest.setTimeout(60_000);

/** The command line of the official everything server over stdio, as a user would quote it. */
const EVERYTHING = `${process.execPath} ${EVERYTHING_MAIN} stdio`;

/**
 * The interactive CLI against a server nobody here wrote: `@modelcontextprotocol/server-everything`
 * launched over stdio, driven through piped stdin/stdout as a user types.
 */
describe('nestjs-mcp REPL against server-everything over stdio', () => {
  let cli: CliProcess;

  beforeAll(async () => {
    cli = new CliProcess(['--no-history', EVERYTHING]);
    await cli.expect(/Connected to .+ over stdio \(legacy era, protocol 2025-\d\d-\d\d\)/);
    await cli.expect('mcp> ');
  }, 30_000);

  afterAll(() => cli?.kill());

  it('lists the tools', async () => {
    cli.send('tools');
    await cli.expect(/^echo {2}/m);
    await cli.expect('mcp> ');
  });

  it('calls a tool with its arguments prompted from the input schema', async () => {
    cli.send('call echo');
    await cli.expect('message (string, required): ');
    cli.send('');
    await cli.expect('a value is required');
    await cli.expect('message (string, required): ');
    cli.send('typed at the prompt');
    await cli.expect('Echo: typed at the prompt');
    await cli.expect('mcp> ');
  });

  it('prompts numbers and checks them', async () => {
    cli.send('call get-sum');
    await cli.expect('a (number, required): ');
    cli.send('nineteen');
    await cli.expect('not a number');
    cli.send('19');
    await cli.expect('b (number, required): ');
    cli.send('23');
    await cli.expect(/42/);
    await cli.expect('mcp> ');
  });

  it('prints progress as it arrives', async () => {
    cli.send('call trigger-long-running-operation {"duration": 0.3, "steps": 3}');
    await cli.expect('[progress] 1/3');
    await cli.expect('[progress] 3/3');
    await cli.expect(/Long running operation completed/);
    await cli.expect('mcp> ');
  });

  it('answers an elicitation field by field: strings, booleans, enums, multi-select', async () => {
    cli.send('call trigger-elicitation-request');
    await cli.expect('The server asks:');
    await cli.expect('Answer? (a)ccept, (d)ecline, (c)ancel [a]: ');
    cli.send('a');
    await cli.expect('name (string, required): ');
    cli.send('Ada Lovelace');
    await cli.expect('check (boolean): ');
    cli.send('maybe');
    await cli.expect('answer y or n');
    cli.send('y');
    for (const field of ['firstLine', 'email', 'homepage', 'birthdate', 'integer', 'number']) {
      await cli.expect(`${field} (`);
      cli.send(field === 'integer' ? '7' : '');
    }
    await cli.expect('1) Monica');
    await cli.expect('untitledSingleSelectEnum (string, default "Monica"): ');
    cli.send('3');
    await cli.expect('untitledMultipleSelectEnum (array as JSON, default ["Guitar"]): ');
    cli.send('1, Piano');
    for (let i = 0; i < 3; i++) {
      await cli.expect(/\(string|\(array/);
      cli.send('');
    }
    await cli.expect('User provided the requested information');
    await cli.expect('- Name: Ada Lovelace');
    await cli.expect('- Agreed to terms: true');
    await cli.expect('- Favorite Integer: 7');
    await cli.expect('mcp> ');
  });

  it('declines an elicitation', async () => {
    cli.send('call trigger-elicitation-request');
    await cli.expect('Answer? (a)ccept, (d)ecline, (c)ancel [a]: ');
    cli.send('d');
    await cli.expect('User declined');
    await cli.expect('mcp> ');
  });

  it('answers a sampling request at the prompt', async () => {
    cli.send('call trigger-sampling-request {"prompt": "Say hi", "maxTokens": 20}');
    await cli.expect('The server asks for a completion');
    await cli.expect(/\[user\] .*Say hi/);
    await cli.expect('Reply as the assistant (empty to refuse): ');
    cli.send('hi from the keyboard');
    await cli.expect('hi from the keyboard');
    await cli.expect('mcp> ');
  });

  it('reports bad input and keeps going: malformed JSON, unknown tool, unknown command', async () => {
    cli.send('call echo {"message": ');
    await cli.expect(/error: malformed JSON arguments: .+/);
    await cli.expect('mcp> ');
    cli.send('call no-such-tool {}');
    // Any name is sent (a hidden tool may exist): the server's own answer is shown.
    await cli.expect(/tool error: MCP error -32602: Tool no-such-tool not found/);
    await cli.expect('mcp> ');
    cli.send('frobnicate');
    await cli.expect('error: unknown command: frobnicate (type "help" for the list)');
    await cli.expect('mcp> ');
    cli.send('ping');
    await cli.expect('pong');
  });

  it('exits cleanly when stdin closes (Ctrl-D)', async () => {
    const { code } = await cli.end();
    expect(code).toBe(0);
  });
});
