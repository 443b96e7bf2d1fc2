import 'reflect-metadata';
import type { INestApplication } from '@nestjs/common';
import { connectClient, type TestClient } from '../support/client.js';
import { waitFor } from '../support/wait.js';
import { startTestGateway } from './support/test-gateway.js';
import { startReplicaProcess, type ReplicaProcess } from './support/replica-process.js';

const NATS = 'nats://127.0.0.1:4222';
const SUBJECT = `mcp.e2e-${process.pid}-${Date.now()}.stock`;
const ENV = { NATS_URL: NATS, MCP_SUBJECT: SUBJECT };

const textOf = (result: object) =>
  (result as { content: Array<{ text?: string }> }).content.map((c) => c.text ?? '').join('');

/**
 * Replicas in processes of their own, each a `McpModule.forRoot({ microservice: { nats } })`
 * app (the built sample 12), behind a gateway an official SDK client talks to. A replica is
 * killed with SIGKILL in the middle of a call: a read-only tool call is sent again and answered
 * by the replica that is still alive; an order (not idempotent) fails and never runs twice.
 */
describe('broker retry after a replica is killed (SDK client → gateway → NATS replicas)', () => {
  const replicas: ReplicaProcess[] = [];
  let gateway: INestApplication;
  let client: TestClient;

  /** A replica whose slow tools never answer, alone on the subject, with one call started on it. */
  async function callOnDoomedReplica(name: string, tool: string) {
    await Promise.all(replicas.map((replica) => replica.kill('SIGTERM')));
    const doomed = await startReplicaProcess(`doomed-${tool}`, { ...ENV, HANG: '1' });
    replicas.push(doomed);
    const call = client.client.callTool({ name: `stock__${tool}`, arguments: { item: name } });
    call.catch(() => {}); // judged below
    await waitFor(() => doomed.lines.some((line) => line.startsWith(`STARTED ${tool}`)), {
      timeoutMs: 10_000,
      description: `the ${tool} call running on the doomed replica`,
    });
    const survivor = await startReplicaProcess(`survivor-${tool}`, ENV);
    replicas.push(survivor);
    await doomed.kill('SIGKILL');
    return { call, survivor };
  }

  // The hooks and cases start replica processes (Nest apps), two per case: 60 s each, for a CI
  // machine at load average 10 (30 s ran out there).
  beforeAll(async () => {
    // Lists the tools (the gateway connects) with one healthy replica, which then leaves.
    const lister = await startReplicaProcess('lister', ENV);
    const started = await startTestGateway(
      {
        mcpServers: {
          stock: { transport: { nats: { servers: NATS, subject: SUBJECT } }, livenessMs: 1500 },
        },
      },
      2,
    );
    gateway = started.app;
    client = await connectClient(started.url);
    await lister.kill('SIGTERM');
  }, 60_000);

  afterAll(async () => {
    await client?.close();
    await gateway?.close();
    await Promise.all(replicas.map((replica) => replica.kill('SIGKILL')));
  });

  it('sends a read-only tool call again to the replica still alive', async () => {
    const { call, survivor } = await callOnDoomedReplica('bolts', 'stock');
    expect(textOf(await call)).toBe('bolts: 7 in stock (replica survivor-stock)');
    expect(survivor.lines).toContain('STARTED stock on survivor-stock');
  }, 60_000);

  it('does not run an order again: the call fails, naming why', async () => {
    const { call, survivor } = await callOnDoomedReplica('nuts', 'order');
    await expect(call).rejects.toThrow(
      /no answer for 1500 ms .*not retried: tools\/call is not known to be idempotent/,
    );
    expect(survivor.lines.filter((line) => line.startsWith('STARTED order'))).toEqual([]);
    // The survivor serves the next order.
    const next = await client.client.callTool({ name: 'stock__order', arguments: { item: 'x' } });
    expect(textOf(next)).toBe('ordered x (replica survivor-order)');
  }, 60_000);
});
