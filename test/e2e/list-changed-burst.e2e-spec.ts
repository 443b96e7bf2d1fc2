import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { setTimeout as delay } from 'node:timers/promises';
import { connectClient, type TestClient } from './support/client.js';
import { waitFor } from './support/wait.js';
import { startSseApp, type SseTestApp } from './sse/support/sse-app.js';

/**
 * Issue 38 row 9: runtime registrations in a burst coalesce `notifications/tools/list_changed`
 * (the first goes at once, the rest of a 50 ms window as one at its end), so a listener gets a
 * couple of notifications, not one per registration, and the list it then reads is complete.
 */
describe('list_changed of a burst of runtime registrations', () => {
  let app: SseTestApp;
  let listener: TestClient;

  beforeAll(async () => {
    app = await startSseApp();
    listener = await connectClient(app.mcpUrl);
    await listener.standaloneStream;
  });
  afterAll(async () => {
    await listener?.close();
    await app?.app.close();
  });

  it('100 concurrent registrations reach a listening SDK client as at most 3 notifications', async () => {
    let seen = 0;
    listener.client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
      seen++;
    });
    await Promise.all(
      Array.from({ length: 100 }, async (_, i) =>
        app.server.registerTool({ name: `burst_${i}`, description: `burst ${i}` }, () => `${i}`),
      ),
    );
    await waitFor(() => seen > 0, { description: 'a tools/list_changed' });
    await delay(300); // a trailing notification, if any, is out by now
    expect(seen).toBeGreaterThanOrEqual(1);
    expect(seen).toBeLessThanOrEqual(3);
    const names: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await listener.client.listTools(cursor === undefined ? {} : { cursor });
      names.push(...page.tools.map((tool) => tool.name));
      cursor = page.nextCursor;
    } while (cursor !== undefined);
    expect(names.filter((name) => name.startsWith('burst_'))).toHaveLength(100);
  });
});
