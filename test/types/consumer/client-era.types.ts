/**
 * 2026-07-28 client API types as a consumer sees them: era negotiation, MRTR manual mode and
 * round events, the typed errors (strict + exactOptionalPropertyTypes, against dist/lib/index.d.ts).
 */
import { expectTypeOf } from 'expect-type';
import {
  InputRoundLimitError,
  McpClient,
  VersionNegotiationError,
  type ClientTransport,
  type InputRequiredHandler,
  type Mcp,
  type McpClientEra,
  type McpInputRound,
  type ToolCallEvent,
  type VersionNegotiation,
} from 'nestjs-mcp';

declare const transport: ClientTransport;

export function negotiationOptions(): McpClient[] {
  const modes: VersionNegotiation[] = ['auto', 'legacy', { pin: '2026-07-28' }];
  // @ts-expect-error: an unknown mode
  const wrong: VersionNegotiation = 'modern';
  void wrong;
  return modes.map(
    (versionNegotiation) =>
      new McpClient({ transport, versionNegotiation, logLevel: 'info', maxInputRounds: 4 }),
  );
}

export function eraAndVersion(client: McpClient): void {
  expectTypeOf(client.era).toEqualTypeOf<McpClientEra | undefined>();
  expectTypeOf<McpClientEra>().toEqualTypeOf<'legacy' | 'modern'>();
  expectTypeOf(client.protocolVersion).toEqualTypeOf<string | undefined>();
}

export async function manualInputMode(client: McpClient): Promise<void> {
  const handler: InputRequiredHandler = (round) => {
    expectTypeOf(round.inputRequests).toEqualTypeOf<Mcp.InputRequests>();
    expectTypeOf(round.requestState).toEqualTypeOf<string | undefined>();
    const responses: Mcp.InputResponses = {};
    for (const [key, request] of Object.entries(round.inputRequests)) {
      if (request.method === 'roots/list') responses[key] = { roots: [] };
    }
    return responses;
  };
  new McpClient({ transport, onInputRequired: handler });
  await client.callTool('t', {}, { onInputRequired: handler, onInputRound: () => undefined });
}

export function inputRoundEvents(client: McpClient): void {
  client.callTool$('t').subscribe((event: ToolCallEvent) => {
    if (event.type === 'input') expectTypeOf(event.round).toEqualTypeOf<number>();
    if (event.type === 'input') expectTypeOf(event).toMatchTypeOf<McpInputRound>();
  });
}

export function typedErrors(error: unknown): void {
  if (error instanceof VersionNegotiationError) {
    expectTypeOf(error.supported).toEqualTypeOf<readonly string[]>();
    expectTypeOf(error.requested).toEqualTypeOf<string | undefined>();
  }
  if (error instanceof InputRoundLimitError) expectTypeOf(error.limit).toEqualTypeOf<number>();
}
