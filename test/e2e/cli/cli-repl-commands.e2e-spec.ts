import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startDemoApp, type RunningDemo } from '../samples/support/demo-app.js';
import { CliProcess } from './support/cli-process.js';

// Each step spawns a process; a shared, loaded machine can make that slow.
import.meta.jest.setTimeout(60_000);

/**
 * The REPL commands and files of the built `nestjs-mcp` bin against the demo app, through piped
 * stdin: the history file keeps commands, never what was typed at a prompt (an elicitation's
 * answer); `@path` arguments; `clear`; `reconnect` (a new handshake and session).
 */
describe('nestjs-mcp REPL: history, @file, clear, reconnect', () => {
  let demo: RunningDemo;
  let dir: string;
  const running: CliProcess[] = [];

  beforeAll(async () => {
    demo = await startDemoApp();
    dir = mkdtempSync(join(tmpdir(), 'nestjs-mcp-cli-'));
  });

  afterAll(async () => {
    for (const cli of running) cli.kill();
    await demo?.close();
  });

  const open = async (args: string[]) => {
    const cli = new CliProcess(args);
    running.push(cli);
    await cli.expect('mcp> ', 45_000); // starting a process on a loaded machine can be slow
    return cli;
  };

  it('writes the commands to --history-file, never the answers typed at prompts', async () => {
    const history = join(dir, 'history');
    const cli = await open(['--history-file', history, demo.mcpUrl.href]);
    cli.send('call greetUser');
    await cli.expect('Answer? (a)ccept, (d)ecline, (c)ancel [a]: ');
    cli.send('a');
    await cli.expect('name (string, required): ');
    cli.send('Correct-Horse-Battery');
    await cli.expect('Hello, Correct-Horse-Battery!');
    await cli.expect('mcp> ');
    cli.send('call add');
    await cli.expect('a (number, required): ');
    cli.send('40');
    await cli.expect('b (number, required): ');
    cli.send('2');
    await cli.expect(/"sum": 42/);
    cli.send('exit');
    expect((await cli.exited).code).toBe(0);

    const lines = readFileSync(history, 'utf8').split('\n').filter(Boolean);
    expect(lines).toEqual(['call greetUser', 'call add', 'exit']);
    expect(readFileSync(history, 'utf8')).not.toContain('Correct-Horse-Battery');
  });

  it('--no-history writes no file', async () => {
    const history = join(dir, 'never');
    const cli = await open(['--no-history', '--history-file', history, demo.mcpUrl.href]);
    cli.send('ping');
    await cli.expect('pong');
    expect((await cli.end()).code).toBe(0);
    expect(() => readFileSync(history)).toThrow(/ENOENT/);
  });

  it('reads call arguments from @path, and names a file it cannot read', async () => {
    const args = join(dir, 'add.json');
    writeFileSync(args, '{\n  "a": 1000,\n  "b": 337\n}\n');
    const cli = await open(['--no-history', demo.mcpUrl.href]);
    cli.send(`call add @${args}`);
    await cli.expect(/"sum": 1337/);
    cli.send(`call add @${join(dir, 'missing.json')}`);
    await cli.expect(/error: cannot read arguments from .+missing\.json: ENOENT/);
    expect((await cli.end()).code).toBe(0);
  });

  it('clear writes the clear-screen sequence; reconnect makes a new connection', async () => {
    const cli = await open(['--no-history', '--protocol', '2025-11-25', demo.mcpUrl.href]);
    cli.send('clear');
    await cli.expect('\x1b[H\x1b[2J');
    cli.send('reconnect');
    await cli.expect(
      /Reconnected to nestjs-mcp-demo 0\.1\.0 over Streamable HTTP.* \(legacy era, protocol 2025-11-25\)/,
    );
    cli.send('call add {"a": 2, "b": 3}');
    await cli.expect(/"sum": 5/);
    cli.send('state');
    await cli.expect(/ready, \d+ pending/);
    const run = await cli.end();
    expect(run.code).toBe(0);
    expect(run.stderr).not.toMatch(/unknown command/);
  });
});
