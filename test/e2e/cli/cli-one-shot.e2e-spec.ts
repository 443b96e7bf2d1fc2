import { startDemoApp, type RunningDemo } from '../samples/support/demo-app.js';
import { EVERYTHING_MAIN } from '../stdio/support/sample.js';
import { CliProcess, runCli } from './support/cli-process.js';

// Each step spawns a process; a shared, loaded machine can make that slow.
import.meta.jest.setTimeout(60_000);

/**
 * The one-shot commands for scripts: JSON on stdout, events and errors on stderr, exit codes
 * 0 (done), 1 (operation failed), 2 (bad usage or input), 3 (server unreachable).
 */
describe('nestjs-mcp one-shot commands', () => {
  let demo: RunningDemo;
  let url: string;

  beforeAll(async () => {
    demo = await startDemoApp();
    url = demo.mcpUrl.href;
  });

  afterAll(() => demo?.close());

  it('call prints the tool result as JSON; progress goes to stderr', async () => {
    const run = await runCli(['call', url, 'countdown', '{"steps": 2, "delayMs": 10}']);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({
      content: [{ type: 'text', text: 'Counted to 2' }],
    });
    expect(run.stderr).toContain('[progress] 2/2 step 2 of 2');
  });

  it('call returns structured content', async () => {
    const run = await runCli(['call', url, 'add', '{"a": 2, "b": 40}']);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ structuredContent: { sum: 42 } });
  });

  it('list-tools, read, get-prompt and info print their results', async () => {
    const tools = await runCli(['list-tools', url]);
    expect(tools.code).toBe(0);
    const names = (JSON.parse(tools.stdout) as { tools: Array<{ name: string }> }).tools.map(
      (t) => t.name,
    );
    expect(names).toEqual(expect.arrayContaining(['echo', 'add', 'countdown', 'greetUser']));

    const read = await runCli(['read', url, 'notes://welcome']);
    expect(JSON.parse(read.stdout)).toMatchObject({
      contents: [{ uri: 'notes://welcome', text: 'Hello from nestjs-mcp!' }],
    });

    const prompt = await runCli(['get-prompt', url, 'summarise', '{"topic": "MCP"}']);
    expect(JSON.parse(prompt.stdout)).toMatchObject({
      messages: [
        { role: 'user', content: { type: 'text', text: 'Please write a short summary of MCP.' } },
      ],
    });

    const info = await runCli(['info', '--legacy', url]);
    expect(JSON.parse(info.stdout)).toMatchObject({
      serverInfo: { name: 'nestjs-mcp-demo' },
      era: 'legacy',
      protocolVersion: '2025-11-25',
    });
  }, 120_000); // four CLI processes, one after the other (past 30 s once at load ~12)

  it('answers an elicitation from piped stdin, prompts on stderr', async () => {
    const cli = new CliProcess(['call', url, 'greetUser']);
    await cli.expect('Answer? (a)ccept, (d)ecline, (c)ancel [a]: ');
    cli.send('a');
    await cli.expect('name (string, required): ');
    cli.send('Grace');
    const run = await cli.end();
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({
      content: [{ type: 'text', text: 'Hello, Grace!' }],
    });
    expect(run.stderr).toContain('What is your name?');
  });

  it('cancels an elicitation when stdin is already closed', async () => {
    const run = await runCli(['call', url, 'greetUser']);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({
      content: [{ type: 'text', text: 'No name (cancel)' }],
    });
  });

  it('works over stdio with server-everything', async () => {
    const target = `${process.execPath} ${EVERYTHING_MAIN} stdio`;
    const run = await runCli(['call', target, 'get-sum', '{"a": 1, "b": 2}']);
    expect(run.code).toBe(0);
    expect(JSON.stringify(JSON.parse(run.stdout))).toContain('3');
  }, 60_000); // the CLI and the everything server it spawns

  it("-v shows the negotiation and a stdio server's stderr; -vv every JSON-RPC message", async () => {
    const target = `${process.execPath} ${EVERYTHING_MAIN} stdio`;
    const verbose = await runCli(['ping', '-v', target]);
    expect(verbose.code).toBe(0);
    expect(verbose.stderr).toContain('[server stderr] ');
    expect(verbose.stderr).toMatch(/^connected: legacy era, protocol 2025-11-25$/m);
    expect(verbose.stderr).not.toContain('→ {');

    const wire = await runCli(['ping', '-vv', url]);
    expect(wire.code).toBe(0);
    expect(JSON.parse(wire.stdout)).toEqual({});
    expect(wire.stderr).toMatch(/^→ \{"jsonrpc":"2\.0","id":\d+,"method":"server\/discover"/m);
    expect(wire.stderr).toMatch(/^← \{"jsonrpc":"2\.0","id":\d+,"result":\{"supportedVersions"/m);
  }, 90_000); // two CLI processes, one spawning the everything server

  describe('bad input', () => {
    it('unreachable server: exit 3, the message names the target and the transport', async () => {
      const run = await runCli(['list-tools', 'http://127.0.0.1:1/mcp']);
      expect(run.code).toBe(3);
      expect(run.stdout).toBe('');
      expect(run.stderr).toMatch(
        /^error: cannot connect to http:\/\/127\.0\.0\.1:1\/mcp \(Streamable HTTP.*\): .*ECONNREFUSED/m,
      );
    });

    it('the REPL against an unreachable WebSocket server: exit 3 naming it, no prompt', async () => {
      const run = await runCli(['--no-history', 'ws://127.0.0.1:1/ws']);
      expect(run.code).toBe(3);
      expect(run.stderr).toMatch(
        /^error: cannot connect to ws:\/\/127\.0\.0\.1:1\/ws \(WebSocket\): /m,
      );
      expect(run.stdout).not.toContain('mcp> ');
    });

    it('a stdio command that does not exist: exit 3 naming it', async () => {
      const run = await runCli(['ping', 'no-such-mcp-server-command --flag']);
      expect(run.code).toBe(3);
      expect(run.stderr).toMatch(/cannot connect to no-such-mcp-server-command --flag \(stdio\)/);
    });

    it('malformed JSON arguments: exit 2 before connecting', async () => {
      const run = await runCli(['call', 'http://127.0.0.1:1/mcp', 'echo', '{"text": ']);
      expect(run.code).toBe(2);
      expect(run.stderr).toMatch(/^error: malformed JSON arguments: .+/m);
      expect(run.stderr).not.toContain('cannot connect');
    });

    it('arguments that are JSON but not an object: exit 2', async () => {
      const run = await runCli(['call', url, 'echo', '[1, 2]']);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain('error: arguments must be a JSON object, got [1, 2]');
    });

    it('unknown tool: exit 1 with the server answer', async () => {
      const run = await runCli(['call', url, 'no-such-tool', '{}']);
      expect(run.code).toBe(1);
      expect(run.stdout + run.stderr).toMatch(/no-such-tool/);
    });

    it('a tool result with isError: exit 1, the result still printed', async () => {
      const run = await runCli(['call', url, 'add', '{"a": "two"}']);
      expect(run.code).toBe(1);
      expect(JSON.parse(run.stdout)).toMatchObject({ isError: true });
    });

    it('unknown option or missing argument: exit 2 with commander usage', async () => {
      const run = await runCli(['call', '--frobnicate', url, 'echo']);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain("unknown option '--frobnicate'");
      const missing = await runCli(['call', url]);
      expect(missing.code).toBe(2);
      expect(missing.stderr).toContain("missing required argument 'tool'");
    });
  });
});
