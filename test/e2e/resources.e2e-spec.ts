import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { startApp, type TestApp } from './support/app.js';
import { connectClient, type TestClient } from './support/client.js';

/** The text of a text resource content (fails the test for a blob). */
function textOf(content: { text: string } | { blob: string }): string {
  if (!('text' in content)) throw new Error('expected text contents');
  return content.text;
}

describe('resources and resource templates', () => {
  let server: TestApp;
  let peer: TestClient;

  beforeAll(async () => {
    server = await startApp();
    peer = await connectClient(server.url);
  });

  afterAll(async () => {
    await peer?.close();
    await server.close();
  });

  it('lists the fixed resources', async () => {
    const { resources, nextCursor } = await peer.client.listResources();
    expect(nextCursor).toBeUndefined();
    expect(resources).toEqual([
      { uri: 'test://static/readme', name: 'readme', mimeType: 'text/plain' },
      { uri: 'test://static/license', name: 'license', mimeType: 'text/plain' },
      { uri: 'test://static/changelog', name: 'changelog', mimeType: 'text/plain' },
    ]);
  });

  it('reads a fixed resource', async () => {
    const result = await peer.client.readResource({ uri: 'test://static/license' });
    expect(result.contents).toEqual([
      { uri: 'test://static/license', mimeType: 'text/plain', text: 'MIT' },
    ]);
  });

  it('lists the templates', async () => {
    const { resourceTemplates } = await peer.client.listResourceTemplates();
    expect(resourceTemplates.map((t) => [t.name, t.uriTemplate])).toEqual([
      ['user_post', 'test://users/{userId}/posts/{postId}'],
      ['tag', 'test://tags/{tag}'],
      ['search', 'test://search{?q,limit}'],
    ]);
  });

  it('reads through a template, extracting the path variables', async () => {
    const uri = 'test://users/alice/posts/42';
    const { contents } = await peer.client.readResource({ uri });
    expect(contents).toHaveLength(1);
    expect(contents[0]).toMatchObject({ uri, mimeType: 'application/json' });
    expect(JSON.parse(textOf(contents[0]))).toEqual({ userId: 'alice', postId: '42' });
  });

  it('reads through a template, extracting (percent-decoded) query variables', async () => {
    const uri = 'test://search?q=model%20context&limit=5';
    const { contents } = await peer.client.readResource({ uri });
    expect(contents[0].uri).toBe(uri);
    expect(JSON.parse(textOf(contents[0]))).toEqual({ q: 'model context', limit: '5' });
  });

  it('answers an unknown resource with -32002 naming the URI', async () => {
    const read = peer.client.readResource({ uri: 'test://static/missing' });
    await expect(read).rejects.toBeInstanceOf(McpError);
    await expect(read).rejects.toMatchObject({
      code: -32002,
      data: { uri: 'test://static/missing' },
    });
  });
});
