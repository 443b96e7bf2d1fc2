import { Injectable } from '@nestjs/common';
import { Tool } from 'nestjs-mcp';
import { z } from 'zod';

@Injectable()
export class GreetingTools {
  @Tool({ description: 'Greets someone', inputSchema: { name: z.string() } })
  greet({ name }: { name: string }) {
    return `Hello, ${name}`;
  }
}
