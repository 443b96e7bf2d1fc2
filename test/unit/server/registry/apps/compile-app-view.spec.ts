import {
  compileAppView,
  isHtmlDocument,
} from '../../../../../lib/server/registry/compile-app-view.js';

const HTML = '<!doctype html><html><body>hi</body></html>';

describe('compileAppView', () => {
  it('makes a ui:// resource of the mcp-app type with _meta.ui on the entry and the contents', async () => {
    const view = compileAppView({
      uri: 'ui://w/f',
      html: HTML,
      csp: {
        connectDomains: ['https://api.example.com'],
        resourceDomains: ['https://*.cdn.example'],
      },
      permissions: { camera: {} },
      domain: 'w.example',
      prefersBorder: false,
    });
    const ui = {
      csp: {
        connectDomains: ['https://api.example.com'],
        resourceDomains: ['https://*.cdn.example'],
      },
      permissions: { camera: {} },
      domain: 'w.example',
      prefersBorder: false,
    };
    expect(view.options).toMatchObject({
      uri: 'ui://w/f',
      name: 'ui://w/f',
      mimeType: 'text/html;profile=mcp-app',
      _meta: { ui },
    });
    expect(await view.handler(new URL('ui://w/f'), undefined as never)).toEqual({
      contents: [
        { uri: 'ui://w/f', mimeType: 'text/html;profile=mcp-app', text: HTML, _meta: { ui } },
      ],
    });
  });

  it.each([
    [{ uri: 'ui://a', html: 'plain text' }, 'the view is not an HTML document'],
    [{ uri: 'ui://a' }, 'give exactly one of html, file or a handler'],
    [{ uri: 'ui://a', html: HTML, file: 'x.html' }, 'give exactly one of html, file or a handler'],
    [
      { uri: 'ui://a', file: '/nonexistent/view.html' },
      'cannot read view file /nonexistent/view.html',
    ],
    [
      { uri: 'ui://a', html: HTML, csp: { connectDomains: ['api.example.com'] } },
      'csp.connectDomains[0] "api.example.com" is not a URL origin',
    ],
    [
      { uri: 'ui://a', html: HTML, csp: { frameDomains: ['https://x.example/path'] } },
      'csp.frameDomains[0]',
    ],
    [
      { uri: 'ui://a', html: HTML, csp: { scriptDomains: [] } as never },
      'unknown csp key "scriptDomains"',
    ],
    [{ uri: 'ui://a', html: HTML, permissions: { usb: {} } as never }, 'unknown permission "usb"'],
  ])('refuses %j: %s', (options, message) => {
    expect(() => compileAppView(options as never)).toThrow(message);
  });

  it('tells HTML documents from other text', () => {
    expect(isHtmlDocument(HTML)).toBe(true);
    expect(isHtmlDocument('\uFEFF  <!-- built --> <HTML lang="en"></HTML>')).toBe(true);
    expect(isHtmlDocument('<div>fragment</div>')).toBe(false);
    expect(isHtmlDocument({ text: HTML })).toBe(false);
  });
});
