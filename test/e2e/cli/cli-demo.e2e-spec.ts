import { startDemoApp, type RunningDemo } from '../samples/support/demo-app.js';
import { CliProcess } from './support/cli-process.js';

// Each step spawns a process; a shared, loaded machine can make that slow.
import.meta.jest.setTimeout(60_000);

/**
 * The interactive CLI against the demo app (`sample/01-demo`, booted in process) over Streamable
 * HTTP (both eras), legacy HTTP+SSE and WebSocket: list, call with prompted arguments, progress,
 * an elicitation answered at the prompt, resources and server info.
 */
describe('nestjs-mcp REPL against the demo app', () => {
  let demo: RunningDemo;
  const running: CliProcess[] = [];

  beforeAll(async () => {
    demo = await startDemoApp();
  });

  afterAll(async () => {
    for (const cli of running) cli.kill();
    await demo?.close();
  });

  const open = async (args: string[], banner: RegExp) => {
    const cli = new CliProcess(['--no-history', ...args]);
    running.push(cli);
    await cli.expect(banner);
    await cli.expect('mcp> ');
    return cli;
  };

  /** The scenario every transport goes through. */
  async function session(cli: CliProcess): Promise<void> {
    cli.send('tools');
    await cli.expect(/^countdown +Counts to/m);
    await cli.expect('mcp> ');

    cli.send('call add');
    await cli.expect('a (number, required): ');
    cli.send('19');
    await cli.expect('b (number, required): ');
    cli.send('23');
    await cli.expect(/structured: \{\s+"sum": 42\s+\}/);
    await cli.expect('mcp> ');

    cli.send('call countdown {"steps": 3, "delayMs": 20}');
    await cli.expect('[progress] 1/3 step 1 of 3');
    await cli.expect('[progress] 3/3 step 3 of 3');
    await cli.expect('Counted to 3');
    await cli.expect('mcp> ');

    cli.send('call greetUser');
    await cli.expect('The server asks: What is your name?');
    await cli.expect('Answer? (a)ccept, (d)ecline, (c)ancel [a]: ');
    cli.send('');
    await cli.expect('name (string, required): ');
    cli.send('Ada');
    await cli.expect('Hello, Ada!');
    await cli.expect('mcp> ');

    cli.send('read demo://about');
    await cli.expect('nestjs-mcp demo server');
    await cli.expect('mcp> ');

    cli.send('prompt summarise');
    await cli.expect('topic (string, required): ');
    cli.send('RxJS');
    await cli.expect('[user] Please write a short summary of RxJS.');
    await cli.expect('mcp> ');
  }

  it('Streamable HTTP, 2026-07-28 (negotiated by default): the whole session, then info', async () => {
    const cli = await open(
      [demo.mcpUrl.href],
      /over Streamable HTTP.* \(modern era, protocol 2026-07-28\)/,
    );
    await session(cli);
    cli.send('info');
    await cli.expect(/server: +nestjs-mcp-demo 0\.1\.0/);
    await cli.expect(/era: +modern/);
    expect((await cli.end()).code).toBe(0);
  }, 60_000);

  it('Streamable HTTP pinned to 2025-11-25: the whole session, subscribe, log level', async () => {
    const cli = await open(
      ['--protocol', '2025-11-25', demo.mcpUrl.href],
      /\(legacy era, protocol 2025-11-25\)/,
    );
    await session(cli);
    cli.send('subscribe notes://todo');
    await cli.expect('subscribed to notes://todo');
    cli.send('call saveNote {"name": "todo", "text": "write the CLI"}');
    await cli.expect(
      /\[notification\] notifications\/resources\/updated \{"uri":"notes:\/\/todo"\}/,
    );
    cli.send('loglevel debug');
    await cli.expect('log level debug');
    cli.send('loglevel loud');
    await cli.expect('error: unknown log level: loud');
    expect((await cli.end()).code).toBe(0);
  }, 60_000);

  it('WebSocket: the whole session', async () => {
    const ws = `ws://${demo.mcpUrl.host}/ws`;
    const cli = await open([ws], /over WebSocket/);
    await session(cli);
    cli.send('capabilities');
    await cli.expect(/"tools": \{\s+"listChanged": true/);
    cli.send('state');
    // The REPL holds a 2026-07-28 listen stream for list changes: the one pending request.
    await cli.expect(/ready, 1 pending: subscriptions\/listen#\d+/);
    cli.send('help');
    await cli.expect(
      /call <tool> \[json\|@file\] +call a tool \(no JSON: asks for each argument\)/,
    );
    cli.send('exit');
    expect((await cli.exited).code).toBe(0);
  }, 60_000);

  it('legacy HTTP+SSE (-t sse): lists and calls', async () => {
    const sse = `http://${demo.mcpUrl.host}/sse`;
    const cli = await open(['-t', 'sse', sse], /over legacy HTTP\+SSE \(legacy era/);
    cli.send('call echo {"text": "over SSE"}');
    await cli.expect('over SSE');
    expect((await cli.end()).code).toBe(0);
  }, 30_000);
});
