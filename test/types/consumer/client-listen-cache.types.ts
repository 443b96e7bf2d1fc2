/**
 * 2026-07-28 client listen and cache types as a consumer sees them: `listen$` events, the
 * `ListenError` reasons, a custom `McpClientCache`, the `cache`/`fresh` options (strict +
 * exactOptionalPropertyTypes, against dist/lib/index.d.ts).
 */
import { expectTypeOf } from 'expect-type';
import {
  InMemoryClientCache,
  ListenError,
  McpClient,
  type ClientTransport,
  type ListenErrorReason,
  type Mcp,
  type McpCacheEntry,
  type McpClientCache,
  type McpListenEvent,
} from 'nestjs-mcp';

declare const transport: ClientTransport;

export function listenEvents(client: McpClient): void {
  client
    .listen$({ toolsListChanged: true }, { ackTimeoutMs: 500 })
    .subscribe((event: McpListenEvent) => {
      if (event.type === 'acknowledged') {
        expectTypeOf(event.notifications.resourceSubscriptions).toEqualTypeOf<
          string[] | undefined
        >();
      } else {
        expectTypeOf(event.notification.method).toEqualTypeOf<string>();
      }
      expectTypeOf(event.subscriptionId).toEqualTypeOf<string | number>();
    });
  // @ts-expect-error: filters are objects of known kinds
  client.listen$('tools');
  expectTypeOf(client.listening).toEqualTypeOf<Mcp.SubscriptionFilter | undefined>();
}

export function listenErrors(error: unknown): void {
  if (error instanceof ListenError) {
    expectTypeOf(error.reason).toEqualTypeOf<ListenErrorReason>();
  }
  const reason: ListenErrorReason = 'not-acknowledged';
  void reason;
}

/** A store of one's own (e.g. backed by Redis), synchronous or async. */
class MapStore implements McpClientCache {
  private readonly map = new Map<string, McpCacheEntry>();
  async get(key: string) {
    return this.map.get(key);
  }
  set(key: string, entry: McpCacheEntry) {
    this.map.set(key, entry);
  }
  deleteByPrefix(prefix: string) {
    for (const key of this.map.keys()) if (key.startsWith(prefix)) this.map.delete(key);
  }
}

export async function cacheOptions(client: McpClient): Promise<McpClient[]> {
  await client.listTools(undefined, { fresh: true });
  await client.readResource('x://y', { fresh: false });
  return [
    new McpClient({ transport, cache: false }),
    new McpClient({ transport, cache: { store: new InMemoryClientCache(100) } }),
    new McpClient({
      transport,
      cache: { store: new MapStore(), namespace: 'https://tools.example', partition: 'user-1' },
      listenAckTimeoutMs: 2000,
    }),
  ];
}
