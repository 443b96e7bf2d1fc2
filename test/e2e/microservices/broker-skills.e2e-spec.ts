import 'reflect-metadata';
import {
  Injectable,
  UseGuards,
  type CanActivate,
  type ExecutionContext,
  type INestApplication,
} from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { z } from 'zod';
import {
  McpExecutionContext,
  McpMicroserviceServer,
  McpModule,
  McpServer,
  Skill,
} from '../../../lib/index.js';
import { connectClient, type TestClient } from '../support/client.js';
import { waitFor } from '../support/wait.js';
import { fetchAs } from './support/gateway-caller.js';
import { CLAIM_KEY } from './support/service-app.js';
import { startTestGateway } from './support/test-gateway.js';

const NATS = 'nats://127.0.0.1:4222';
const SUBJECT = `mcp.e2e-${process.pid}-${Date.now()}.skills`;
const SKILL = 'skill://weather/ops-guide/SKILL.md';
const FILE = 'skill://weather/ops-guide/references/escalation.md';

/** The service's own rule: bob may not read its runbooks (the caller from the signed claim). */
@Injectable()
class NotBob implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const { request } = McpExecutionContext.create(context);
    return (request.user as { sub?: string } | undefined)?.sub !== 'bob';
  }
}

@Injectable()
class ServiceSkills {
  @Skill({
    name: 'ops-guide',
    description: 'How the weather service is run',
    instructions: '# Ops guide\nEscalate per references/escalation.md.\n',
    files: [{ path: 'references/escalation.md', content: '# Escalation\nPage the on-call.\n' }],
  })
  @UseGuards(NotBob)
  opsGuide() {}
}

const Got = z.looseObject({ skill: z.looseObject({ uri: z.string() }) });

/**
 * A service reached over NATS guards its skill per caller; the gateway signs the caller's
 * principal for it, so the service's guard decides for each caller of the gateway: alice gets
 * the skill and reads its files, bob is refused with the service's error, on `skills/get` and on
 * every file read.
 */
describe('skills of a broker service, guarded per principal through the gateway', () => {
  let service: INestApplication;
  let gateway: INestApplication;
  let alice: TestClient;
  let bob: TestClient;

  beforeAll(async () => {
    const moduleRef = await Test.createTestingModule({
      imports: [McpModule.forRoot({ name: 'weather', version: '1.0.0', protocolEras: 'modern' })],
      providers: [ServiceSkills, NotBob],
    }).compile();
    service = moduleRef.createNestApplication({ logger: false });
    const strategy = new McpMicroserviceServer(service.get(McpServer), {
      nats: { servers: NATS, subject: SUBJECT },
      principalClaims: { key: CLAIM_KEY, audience: 'weather' },
    });
    service.connectMicroservice({ strategy }, { inheritAppConfig: true });
    await service.startAllMicroservices();
    await service.init();
    let url: URL;
    ({ app: gateway, url } = await startTestGateway(
      {
        mcpServers: { weather: { transport: { nats: { servers: NATS, subject: SUBJECT } } } },
        principalClaims: { key: CLAIM_KEY },
      },
      0,
    ));
    await waitFor(() => gateway.get(McpServer).skills.get(SKILL) !== undefined, {
      timeoutMs: 10_000,
      description: "the service's skill in the gateway",
    });
    alice = await connectClient(url, { fetch: fetchAs('alice') });
    bob = await connectClient(url, { fetch: fetchAs('bob') });
  }, 30_000);

  afterAll(async () => {
    await alice?.close();
    await bob?.close();
    await gateway?.close();
    await service?.close();
  });

  it('alice gets the skill and reads its files', async () => {
    const got = await alice.client.request({ method: 'skills/get', params: { uri: SKILL } }, Got);
    expect(got.skill.uri).toBe(SKILL);
    const file = await alice.client.readResource({ uri: FILE });
    expect(file.contents[0]).toMatchObject({ text: '# Escalation\nPage the on-call.\n' });
    const md = await alice.client.readResource({ uri: SKILL });
    expect(String((md.contents[0] as { text?: string }).text)).toContain('Escalate per');
  });

  it("bob is refused by the service's guard on skills/get and on every file read", async () => {
    await expect(
      bob.client.request({ method: 'skills/get', params: { uri: SKILL } }, Got),
    ).rejects.toMatchObject({
      code: -32600,
      message: expect.stringContaining('Forbidden') as string,
    });
    for (const uri of [SKILL, FILE]) {
      await expect(bob.client.readResource({ uri })).rejects.toMatchObject({ code: -32600 });
    }
  });
});
