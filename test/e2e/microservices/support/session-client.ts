import {
  CreateMessageRequestSchema,
  ElicitRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { connectClient, type TestClient } from '../../support/client.js';
import { fetchAs } from './gateway-caller.js';

/** An official SDK v1 client of the gateway, as `user`, that answers elicitation and sampling. */
export function clientAs(url: URL, user: string, confirm = true): Promise<TestClient> {
  return connectClient(url, {
    capabilities: { elicitation: {}, sampling: {} },
    setup: (client) => {
      client.setRequestHandler(ElicitRequestSchema, () => ({
        action: 'accept',
        content: { confirm },
      }));
      client.setRequestHandler(CreateMessageRequestSchema, () => ({
        role: 'assistant',
        model: 'test-model',
        content: { type: 'text', text: 'subjects drift like leaves' },
      }));
    },
    fetch: fetchAs(user),
  });
}
