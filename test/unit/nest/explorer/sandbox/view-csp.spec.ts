import { viewCsp } from '../../../../../lib/nest/explorer/sandbox/view-csp.js';

const directives = (header: string) =>
  Object.fromEntries(
    header.split('; ').map((d) => {
      const [name, ...values] = d.split(' ');
      return [name, values.join(' ')];
    }),
  );

describe('viewCsp', () => {
  it('is the restrictive default when nothing is declared: inline only, nothing to connect, frame, post or base to', () => {
    const { header, refused } = viewCsp(undefined);
    expect(refused).toEqual([]);
    expect(directives(header)).toEqual({
      'default-src': "'none'",
      'script-src': "'unsafe-inline'",
      'style-src': "'unsafe-inline'",
      'img-src': 'data: blob:',
      'font-src': 'data:',
      'media-src': 'data: blob:',
      'connect-src': "'none'",
      'frame-src': "'none'",
      'base-uri': "'none'",
      'form-action': "'none'",
      'object-src': "'none'",
      sandbox: 'allow-scripts allow-forms',
    });
  });

  it('adds each declared origin to its directives', () => {
    const { header } = viewCsp({
      connectDomains: ['https://api.example.com', 'wss://live.example.com'],
      resourceDomains: ['https://*.cdn.example'],
      frameDomains: ['https://www.youtube.com'],
      baseUriDomains: ['https://base.example'],
    });
    const d = directives(header);
    expect(d['connect-src']).toBe('https://api.example.com wss://live.example.com');
    expect(d['script-src']).toBe("'unsafe-inline' https://*.cdn.example");
    expect(d['img-src']).toBe('data: blob: https://*.cdn.example');
    expect(d['frame-src']).toBe('https://www.youtube.com');
    expect(d['base-uri']).toBe('https://base.example');
    expect(d['form-action']).toBe("'none'");
  });

  it('leaves out and reports entries that are not origins, so none adds a source or a directive', () => {
    const { header, refused } = viewCsp({
      connectDomains: [
        'https://ok.example',
        '*',
        'http: https:',
        'https://x.example; script-src *',
      ],
      frameDomains: 'https://not-a-list.example',
      resourceDomains: [7],
    });
    expect(directives(header)['connect-src']).toBe('https://ok.example');
    expect(directives(header)['frame-src']).toBe("'none'");
    expect(header).not.toMatch(/\*[^.]|https: |script-src \*/);
    expect(refused).toEqual([
      'connectDomains: "*"',
      'connectDomains: "http: https:"',
      'connectDomains: "https://x.example; script-src *"',
      'resourceDomains: 7',
    ]);
  });
});
