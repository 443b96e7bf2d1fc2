import { RequestMethod, VERSION_NEUTRAL, VersioningType } from '@nestjs/common';
import { ApplicationConfig } from '@nestjs/core';
import {
  EndpointPathMatcher,
  resolveEndpointPaths,
} from '../../../../lib/nest/http/mcp-endpoint-paths.js';

function config(setup: (c: ApplicationConfig) => void = () => undefined): ApplicationConfig {
  const c = new ApplicationConfig();
  setup(c);
  return c;
}

describe('resolveEndpointPaths', () => {
  it('is the controller path without prefix or versioning', () => {
    expect(resolveEndpointPaths(['/mcp'], { config: config() })).toEqual(['/mcp']);
  });

  it('puts the global prefix first, however it is written', () => {
    for (const prefix of ['api', '/api', 'api/', '/api/']) {
      const c = config((x) => x.setGlobalPrefix(prefix));
      expect(resolveEndpointPaths(['/mcp'], { config: c })).toEqual(['/api/mcp']);
    }
  });

  it('leaves out the prefix for a path the prefix excludes (POST)', () => {
    const c = config((x) => {
      x.setGlobalPrefix('api');
      x.setGlobalPrefixOptions({
        exclude: [{ path: 'mcp', requestMethod: RequestMethod.POST, pathRegex: /^\/mcp\/?$/ }],
      });
    });
    expect(resolveEndpointPaths(['/mcp', '/other'], { config: c })).toEqual(['/mcp', '/api/other']);
  });

  it('adds the default URI version (one, several, neutral, custom prefix)', () => {
    const versioned = (defaultVersion: string | string[] | symbol, prefix?: string | false) =>
      resolveEndpointPaths(['/mcp'], {
        config: config((x) => {
          x.setGlobalPrefix('api');
          x.enableVersioning({ type: VersioningType.URI, defaultVersion, prefix } as never);
        }),
      });
    expect(versioned('1')).toEqual(['/api/v1/mcp']);
    expect(versioned(['1', '2'])).toEqual(['/api/v1/mcp', '/api/v2/mcp']);
    expect(versioned(VERSION_NEUTRAL)).toEqual(['/api/mcp']);
    expect(versioned('3', 'version-')).toEqual(['/api/version-3/mcp']);
    expect(versioned('4', false)).toEqual(['/api/4/mcp']);
  });

  it('ignores versioning that does not change paths (header versioning)', () => {
    const c = config((x) =>
      x.enableVersioning({ type: VersioningType.HEADER, header: 'X-Version', defaultVersion: '1' }),
    );
    expect(resolveEndpointPaths(['/mcp'], { config: c })).toEqual(['/mcp']);
  });

  it('adds a RouterModule path between prefix and controller path', () => {
    const c = config((x) => x.setGlobalPrefix('api'));
    expect(resolveEndpointPaths(['/mcp'], { config: c, modulePath: '/ai' })).toEqual([
      '/api/ai/mcp',
    ]);
  });
});

describe('EndpointPathMatcher', () => {
  const matcher = new EndpointPathMatcher(['/api/v1/mcp', '/messages']);

  it.each([
    '/api/v1/mcp',
    '/api/v1/mcp/',
    '/api/v1/mcp?x=1',
    '//api//v1/mcp',
    '/API/V1/MCP',
    '/messages?sessionId=abc',
  ])('matches %s', (url) => expect(matcher.matches(url)).toBe(true));

  it.each(['/api/v1/mcp/extra', '/api/mcp', '/', '', undefined])('does not match %s', (url) =>
    expect(matcher.matches(url)).toBe(false),
  );
});
