import { Injectable, type OnModuleInit } from '@nestjs/common';
import { z } from 'zod';
import { McpServer, Tool } from '../../../lib/index.js';

/** Which instance answered (the port it listens on, set by main.ts). */
const instance = () => `instance:${process.env.PORT ?? '?'}`;

/** Parameters of one greeter registration (JSON: they travel between instances). */
interface GreeterParams extends Record<string, unknown> {
  name: string;
  greeting: string;
}

/**
 * Cluster-wide runtime registration: every instance defines the `greeter` factory at bootstrap
 * (catching up on the greeters registered before it started), and `add_greeter` through any
 * instance makes a new tool listed and callable through all of them.
 */
@Injectable()
export class RegistrationTools implements OnModuleInit {
  constructor(private readonly server: McpServer) {}

  async onModuleInit(): Promise<void> {
    await this.server.cluster.define<GreeterParams>('greeter', (registrar, params) => {
      registrar.registerTool(
        {
          name: params.name,
          description: `Says "${params.greeting}"`,
          inputSchema: { who: z.string() },
        },
        ({ who }) => `${params.greeting}, ${who}, from ${instance()}`,
      );
    });
  }

  @Tool({
    name: 'add_greeter',
    description: 'Registers a greeter tool on every instance; returns the registration id',
    inputSchema: { name: z.string(), greeting: z.string() },
  })
  async addGreeter({ name, greeting }: GreeterParams) {
    return this.server.cluster.register('greeter', { name, greeting });
  }

  @Tool({
    name: 'remove_greeter',
    description: 'Removes a greeter registration (by the id add_greeter returned) everywhere',
    inputSchema: { id: z.string() },
  })
  async removeGreeter({ id }: { id: string }) {
    return (await this.server.cluster.remove(id)) ? `removed ${id}` : `no registration ${id}`;
  }
}
