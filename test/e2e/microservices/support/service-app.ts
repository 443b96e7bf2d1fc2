import 'reflect-metadata';
import {
  Inject,
  Injectable,
  UseGuards,
  type CanActivate,
  type ExecutionContext,
  type INestApplication,
} from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { z } from 'zod';
import {
  McpContext,
  McpExecutionContext,
  McpMicroserviceServer,
  McpModule,
  McpServer,
  Tool,
  type McpMicroserviceOptions,
} from '../../../../lib/index.js';

/** The key the gateway and the services share for principal claims (test only). */
export const CLAIM_KEY = 'e2e-principal-claim-key-of-32-bytes!!';

const REPLICA = 'REPLICA';

/** A call of `hang` that started on a replica (the test "kills" that replica). */
export interface HungCall {
  replica: string;
  release(): void;
}

/** Only Alice, as the gateway's signed claim says (`req.user` on the service). */
@Injectable()
class AliceOnly implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const { request } = McpExecutionContext.create(context);
    return (request.user as { sub?: string } | undefined)?.sub === 'alice';
  }
}

/** The service's tools: which replica answered, for whom; a guarded one; one that never ends. */
@Injectable()
class ServiceTools {
  static readonly hung: HungCall[] = [];

  constructor(@Inject(REPLICA) private readonly replica: string) {}

  @Tool({ description: 'Forecast for a city', inputSchema: { city: z.string() } })
  forecast({ city }: { city: string }, ctx: McpContext) {
    return `${city}: sunny (replica ${this.replica}, caller ${ctx.principal ?? 'anonymous'})`;
  }

  @Tool({ description: 'For Alice only' })
  @UseGuards(AliceOnly)
  secret() {
    return 'the secret';
  }

  @Tool({ description: 'Starts and never answers' })
  hang() {
    return new Promise((resolve) => {
      ServiceTools.hung.push({ replica: this.replica, release: () => resolve('released') });
    });
  }
}

/** One replica: a Nest app whose MCP server is reached only over the broker. */
export interface ServiceReplica {
  app: INestApplication;
  strategy: McpMicroserviceServer;
  close(): Promise<void>;
}

/** The `hang` calls that started, in order (all replicas of the process). */
export const hungCalls: readonly HungCall[] = ServiceTools.hung;

/** Ends the `hang` calls still running (so the replicas close without waiting for them). */
export function releaseHung(): void {
  for (const call of ServiceTools.hung) call.release();
}

/** Boots a replica named `replica` serving {@link ServiceTools} on `endpoint` (no HTTP listener). */
export async function startReplica(
  replica: string,
  endpoint: McpMicroserviceOptions,
): Promise<ServiceReplica> {
  const moduleRef = await Test.createTestingModule({
    imports: [
      McpModule.forRoot({ name: `service-${replica}`, version: '1.0.0', protocolEras: 'modern' }),
    ],
    providers: [ServiceTools, AliceOnly, { provide: REPLICA, useValue: replica }],
  }).compile();
  const app = moduleRef.createNestApplication({ logger: false });
  const strategy = new McpMicroserviceServer(app.get(McpServer), {
    keepAliveMs: 200,
    principalClaims: { key: CLAIM_KEY, audience: endpoint.nats ? 'weather' : 'stock' },
    ...endpoint,
  });
  app.connectMicroservice({ strategy }, { inheritAppConfig: true });
  await app.startAllMicroservices();
  await app.init();
  return { app, strategy, close: () => app.close() };
}
