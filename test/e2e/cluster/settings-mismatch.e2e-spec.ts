import { randomBytes, randomUUID } from 'node:crypto';
import { spawn } from 'node:child_process';
import { CLUSTER_MAIN, ROOT, startInstance, type Instance } from './support/cluster.js';
import {
  describeWithRedis,
  startRedisDeployment,
  type StartedRedis,
} from './support/redis-deployments.js';

/**
 * Issue 38 row 5: an instance whose `requestState` key differs from the running instances' is
 * loud: an error line at startup and `degraded` health naming the conflict, or (option
 * `cluster.onMismatch: 'refuse'`) no startup at all. Real processes of `sample/10-cluster` on a
 * private Redis.
 */
import.meta.jest.setTimeout(90_000);

const health = async (instance: Instance) =>
  (
    (await (await fetch(`http://127.0.0.1:${instance.port}/debug/health`)).json()) as {
      mcp: { status: string; settingsMismatch?: string[] };
    }
  ).mcp;

describeWithRedis('a misconfigured instance (private Redis)', () => {
  let redis: StartedRedis<'private'> | undefined;
  const prefix = `mcp-e2e:${randomUUID()}:`;
  const started: Instance[] = [];
  const otherKey = randomBytes(32).toString('base64');

  beforeAll(async () => {
    redis = await startRedisDeployment('private');
  });
  afterAll(async () => {
    for (const instance of started) instance.process.kill('SIGTERM');
    await redis?.stop();
  });
  const env = (extra: Record<string, string> = {}) => ({ ...redis!.env, ...extra });

  it('logs an error and reports degraded health on an instance with another requestState key', async () => {
    const first = await startInstance(prefix, env());
    started.push(first);
    expect((await health(first)).status).toBe('up');
    const second = await startInstance(prefix, env({ MCP_REQUEST_STATE_KEYS: otherKey }));
    started.push(second);
    const errors = second.stdout.join('') + second.stderr.join('');
    expect(errors).toMatch(/Settings mismatch: requestState\.keys differ from instance \w+'s/);
    expect(errors).not.toContain(otherKey); // fingerprints only, never the key
    const report = await health(second);
    expect(report.status).toBe('degraded');
    expect(report.settingsMismatch?.[0]).toMatch(/^requestState\.keys differ/);
  });

  it("with cluster.onMismatch 'refuse' the instance exits non-zero and says why", async () => {
    const child = spawn(process.execPath, [CLUSTER_MAIN], {
      cwd: ROOT,
      env: {
        ...process.env,
        ...env({ MCP_REQUEST_STATE_KEYS: otherKey, MCP_ON_MISMATCH: 'refuse' }),
        REDIS_PREFIX: prefix,
        PORT: '0',
        NO_COLOR: '1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).not.toBe(0);
    expect(output).toMatch(
      /settings differ from the running instances' \(cluster\.onMismatch is 'refuse'\): requestState\.keys differ/,
    );
    expect(output).not.toContain('READY');
  });
});
