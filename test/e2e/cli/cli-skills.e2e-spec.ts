import { startDemoApp, type RunningDemo } from '../samples/support/demo-app.js';
import { CliProcess, runCli } from './support/cli-process.js';

// Each step spawns a process; a shared, loaded machine can make that slow.
import.meta.jest.setTimeout(60_000);

/** `skills` and `skill <name>` (SEP-2640), one-shot and in the REPL, against the demo's skill. */
describe('nestjs-mcp skills commands against the demo app', () => {
  let demo: RunningDemo;
  let url: string;
  const running: CliProcess[] = [];

  beforeAll(async () => {
    demo = await startDemoApp();
    url = demo.mcpUrl.href;
  });

  afterAll(async () => {
    for (const cli of running) cli.kill();
    await demo?.close();
  });

  it('one-shot skills lists the entries; skill prints the entry and SKILL.md', async () => {
    const list = await runCli(['skills', url]);
    expect(list.code).toBe(0);
    expect(JSON.parse(list.stdout)).toMatchObject({
      skills: [{ uri: 'skill://note-taking/SKILL.md', frontmatter: { name: 'note-taking' } }],
    });
    const one = await runCli(['skill', url, 'note-taking']);
    expect(one.code).toBe(0);
    const { skill, text } = JSON.parse(one.stdout) as { skill: unknown; text: string };
    expect(skill).toMatchObject({ uri: 'skill://note-taking/SKILL.md' });
    expect(text).toContain('1. Save a note with the `saveNote` tool');
  });

  it('one-shot skill with an unknown name fails naming the known skills', async () => {
    const run = await runCli(['skill', url, 'nope']);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('no skill named "nope" (skills: skill://note-taking/SKILL.md)');
  });

  it('the REPL lists skills and prints one with its files', async () => {
    const cli = new CliProcess(['--no-history', url]);
    running.push(cli);
    await cli.expect('mcp> ');
    cli.send('skills');
    await cli.expect(/^skill:\/\/note-taking\/SKILL\.md +Keep notes/m);
    await cli.expect('mcp> ');
    cli.send('skill note-taking');
    await cli.expect('# Note taking');
    await cli.expect(/^skill:\/\/note-taking\/references\/naming\.md +\d+ bytes/m);
    await cli.expect('mcp> ');
  });
});
