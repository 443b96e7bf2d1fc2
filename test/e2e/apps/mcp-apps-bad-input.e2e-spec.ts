import 'reflect-metadata';
import { Injectable } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import {
  AppView,
  McpClient,
  McpModule,
  McpServer,
  StreamableHttpClientTransport,
  Tool,
} from '../../../lib/index.js';

/** Boots McpModule with `providers` and resolves with the bootstrap error, if any. */
async function bootstrapError(...providers: Array<new (...args: never[]) => unknown>) {
  const moduleRef = await Test.createTestingModule({
    imports: [McpModule.forRoot({ name: 'apps-bad-input', version: '1.0.0' })],
    providers,
  }).compile();
  const app = moduleRef.createNestApplication({ logger: false });
  try {
    await app.init();
    return undefined;
  } catch (error) {
    return error as Error;
  } finally {
    await app.close().catch(() => undefined);
  }
}

@Injectable()
class MissingView {
  @Tool({ ui: { view: 'ui://nowhere/view' } })
  forecast() {
    return 'sunny';
  }
}

@Injectable()
class NotHtml {
  @AppView({ uri: 'ui://bad/plain', html: 'just some text' })
  plain() {}
}

@Injectable()
class BadCsp {
  @AppView({
    uri: 'ui://bad/csp',
    html: '<!doctype html><html><body>x</body></html>',
    csp: { connectDomains: ['https://api.example.com', 'not a url'] },
  })
  view() {}
}

@Injectable()
class ProducesJson {
  @AppView({ uri: 'ui://bad/dynamic' })
  dynamic() {
    return '{"not":"html"}';
  }
}

describe('MCP Apps: bad input', () => {
  it('a tool naming a missing view fails bootstrap naming Class#method', async () => {
    const error = await bootstrapError(MissingView);
    expect(error?.message).toMatch(
      /^MissingView#forecast: ui\.view "ui:\/\/nowhere\/view" is not a registered view/,
    );
  });

  it('a static view that is not HTML fails bootstrap naming the view', async () => {
    const error = await bootstrapError(NotHtml);
    expect(error?.message).toMatch(/^NotHtml#plain: the view is not an HTML document/);
  });

  it('a CSP domain that is not a URL origin fails bootstrap naming the entry', async () => {
    const error = await bootstrapError(BadCsp);
    expect(error?.message).toBe(
      'BadCsp#view: csp.connectDomains[1] "not a url" is not a URL origin ' +
        '(such as https://api.example.com or https://*.example.com)',
    );
  });

  it('a view URI without ui:// is refused at registration', () => {
    const server = new McpServer({ name: 's', version: '1' });
    expect(() =>
      server.registerAppView({ uri: 'https://x.example/view', html: '<html></html>' }),
    ).toThrow('app view "https://x.example/view": an app view URI must use the ui:// scheme');
  });

  it('a view produced per read that is not HTML is a clear -32603 error, the server lives on', async () => {
    const moduleRef = await Test.createTestingModule({
      imports: [McpModule.forRoot({ name: 'apps-dynamic', version: '1.0.0' })],
      providers: [ProducesJson],
    }).compile();
    const nest = moduleRef.createNestApplication({ logger: false });
    await nest.listen(0, '127.0.0.1');
    const port = (nest.getHttpServer().address() as { port: number }).port;
    const client = new McpClient({
      transport: new StreamableHttpClientTransport(new URL(`http://127.0.0.1:${port}/mcp`)),
      apps: true,
    });
    try {
      await expect(client.readResource('ui://bad/dynamic')).rejects.toMatchObject({
        code: -32603,
        message: 'App view ui://bad/dynamic did not produce an HTML document',
      });
      await expect(client.readAppView('ui://bad/dynamic')).rejects.toThrow(/HTML document/);
      await client.ping();
    } finally {
      await client.close();
      await nest.close();
    }
  });
});
