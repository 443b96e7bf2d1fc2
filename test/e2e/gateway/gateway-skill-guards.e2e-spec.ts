import 'reflect-metadata';
import {
  Injectable,
  UseGuards,
  type CanActivate,
  type ExecutionContext,
  type INestApplication,
} from '@nestjs/common';
import { Test } from '@nestjs/testing';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import {
  getMcpGatewayTarget,
  McpExecutionContext,
  McpGatewayModule,
  McpModule,
  McpServer,
  Skill,
  type McpGatewayTarget,
} from '../../../lib/index.js';
import { connectClient, type TestClient } from '../support/client.js';
import { waitFor } from '../support/wait.js';
import { startUpstream, type UpstreamApp } from '../manager/support/upstream-app.js';

const SKILL = 'skill://weather/forecasting/SKILL.md';
const FILE = 'skill://weather/forecasting/references/cities.md';
const LOCAL = 'skill://runbook/SKILL.md';

const SkillList = z.object({ skills: z.array(z.looseObject({ uri: z.string() })) });

/** What the gateway's guard saw of each skill request. */
const seen: McpGatewayTarget[] = [];

/** The gateway's guard: a skill (upstream or local) only for `x-team: ops`. */
@Injectable()
class OpsOnlySkills implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const target = getMcpGatewayTarget(context);
    if (target?.kind === 'skill') seen.push(target);
    const { request } = McpExecutionContext.create(context);
    const team = (request as { headers?: Record<string, string> } | undefined)?.headers?.['x-team'];
    return team === 'ops';
  }
}

/** A local skill of the gateway app, behind the same rule through `@UseGuards`. */
@Injectable()
class LocalSkills {
  @Skill({ name: 'runbook', description: 'On-call runbook', instructions: '# Runbook\nPage ops.' })
  @UseGuards(OpsOnlySkills)
  runbook() {}
}

async function startGateway(upstream: string, hideDeniedFromLists: boolean) {
  const moduleRef = await Test.createTestingModule({
    imports: [
      McpModule.forRoot({ name: 'gateway', version: '1.0.0', hideDeniedFromLists }),
      McpGatewayModule.forRoot({
        mcpServers: { weather: { url: upstream } },
        guards: [OpsOnlySkills],
        logger: false,
      }),
    ],
    providers: [LocalSkills, OpsOnlySkills],
  }).compile();
  const app: INestApplication = moduleRef.createNestApplication({ logger: false });
  await app.listen(0, '127.0.0.1');
  const { port } = (app.getHttpServer() as Server).address() as AddressInfo;
  await waitFor(() => app.get(McpServer).skills.get(SKILL) !== undefined, {
    description: 'the gateway skill',
  });
  return { app, url: new URL(`http://127.0.0.1:${port}/mcp`) };
}

/** An official SDK v1 client of the gateway, sending `x-team: <team>` when given. */
function clientOf(url: URL, team?: string): Promise<TestClient> {
  return connectClient(url, {
    fetch: (input, init) => {
      const headers = new Headers(init?.headers);
      if (team) headers.set('x-team', team);
      return fetch(input, { ...init, headers });
    },
  });
}

const listSkills = async (peer: TestClient) =>
  (await peer.client.request({ method: 'skills/list', params: {} }, SkillList)).skills
    .map((s) => s.uri)
    .sort();
const getSkill = (peer: TestClient, uri: string) =>
  peer.client.request({ method: 'skills/get', params: { uri } }, z.looseObject({ skill: z.any() }));

/**
 * A gateway (of the upstream at `upstream()`) for the enclosing describe, with a caller the
 * guards allow (`ops`) and one they deny (`guest`).
 */
function gatewayCallers(upstream: () => string, hideDeniedFromLists: boolean) {
  const callers = {} as { ops: TestClient; guest: TestClient; app: INestApplication };
  beforeAll(async () => {
    const gateway = await startGateway(upstream(), hideDeniedFromLists);
    callers.app = gateway.app;
    callers.ops = await clientOf(gateway.url, 'ops');
    callers.guest = await clientOf(gateway.url);
  }, 30_000);
  afterAll(async () => {
    await callers.ops?.close();
    await callers.guest?.close();
    await callers.app?.close();
  });
  return callers;
}

/**
 * Skills served through McpGatewayModule obey the gateway's guards like its tools, prompts and
 * resources: `skills/get` and every file read pass the app's and the gateway's guards (target
 * kind `'skill'`), refused with the guard's error; with `hideDeniedFromLists` a denied caller
 * does not see the skill at all. A local `@Skill` with `@UseGuards` is refused the same way.
 */
describe('McpGatewayModule skills behind guards', () => {
  let weather: UpstreamApp;

  beforeAll(async () => {
    weather = await startUpstream('weather');
    weather.server.registerSkill({
      name: 'forecasting',
      description: 'Answer forecast questions',
      instructions: '# Forecasting\nCall `get_forecast` with the city.\n',
      files: [{ path: 'references/cities.md', content: '# Cities\nOslo, Bergen\n' }],
    });
  }, 30_000);
  afterAll(() => weather?.close());

  describe('listed to everyone, refused to a caller the guards deny', () => {
    const callers = gatewayCallers(() => weather.url, false);

    it('lets the allowed caller get the skill and read its files; the guard sees the target', async () => {
      seen.length = 0;
      expect(await listSkills(callers.ops)).toEqual([LOCAL, SKILL]);
      expect((await getSkill(callers.ops, SKILL)).skill.uri).toBe(SKILL);
      const file = await callers.ops.client.readResource({ uri: FILE });
      expect(file.contents[0]).toMatchObject({ uri: FILE, text: '# Cities\nOslo, Bergen\n' });
      expect((await getSkill(callers.ops, LOCAL)).skill.uri).toBe(LOCAL);
      expect(seen).toContainEqual({
        kind: 'skill',
        server: 'weather',
        name: SKILL,
        upstreamName: 'skill://forecasting/SKILL.md',
      });
    });

    it("refuses skills/get and every file read with the guard's error", async () => {
      expect(await listSkills(callers.guest)).toEqual([LOCAL, SKILL]);
      for (const uri of [SKILL, LOCAL]) {
        await expect(getSkill(callers.guest, uri)).rejects.toMatchObject({
          code: -32600,
          message: expect.stringContaining('Forbidden resource') as string,
        });
        await expect(callers.guest.client.readResource({ uri })).rejects.toMatchObject({
          code: -32600,
        });
      }
      await expect(callers.guest.client.readResource({ uri: FILE })).rejects.toMatchObject({
        code: -32600,
      });
    });
  });

  describe('hideDeniedFromLists', () => {
    const callers = gatewayCallers(() => weather.url, true);

    it('hides the skills from a denied caller (list, get as unknown, files unread)', async () => {
      expect(await listSkills(callers.ops)).toEqual([LOCAL, SKILL]);
      expect(await listSkills(callers.guest)).toEqual([]);
      for (const uri of [SKILL, LOCAL]) {
        await expect(getSkill(callers.guest, uri)).rejects.toMatchObject({ code: -32602 });
      }
      await expect(callers.guest.client.readResource({ uri: FILE })).rejects.toThrow();
      const { resources } = await callers.guest.client.listResources();
      expect(resources.map((r) => r.uri)).not.toContain(FILE);
    });
  });
});
