import {
  compileResource,
  compileResourceTemplate,
} from '../../../../lib/server/registry/registered-resource.js';

const handler = () => 'contents';

describe('compileResource', () => {
  it('keys by URI and builds a frozen descriptor with only the given fields', () => {
    const resource = compileResource({ uri: 'file:///readme.md', name: 'readme' }, handler);
    expect(resource.key).toBe('file:///readme.md');
    expect(resource.origin).toBe('resource "file:///readme.md"');
    expect(resource.descriptor).toEqual({ uri: 'file:///readme.md', name: 'readme' });
    expect(Object.isFrozen(resource.descriptor)).toBe(true);
    expect(resource.mimeType).toBeUndefined();
  });

  it('carries title, description, mimeType, size, annotations, icons and _meta', () => {
    const resource = compileResource(
      {
        uri: 'config://app',
        name: 'config',
        title: 'Config',
        description: 'App config',
        mimeType: 'application/json',
        size: 0,
        annotations: { audience: ['user'] },
        icons: [{ src: 'https://example.com/c.svg' }],
        _meta: { v: 2 },
      },
      handler,
    );
    expect(resource.mimeType).toBe('application/json');
    expect(resource.descriptor).toEqual({
      uri: 'config://app',
      name: 'config',
      title: 'Config',
      description: 'App config',
      mimeType: 'application/json',
      annotations: { audience: ['user'] },
      icons: [{ src: 'https://example.com/c.svg' }],
      _meta: { v: 2 },
      size: 0,
    });
  });

  it.each(['not a uri', '', '/relative/path', '://missing-scheme'])(
    'rejects the invalid URI %j naming the origin',
    (uri) => {
      expect(() => compileResource({ uri, name: 'r', origin: 'Docs#readme' }, handler)).toThrow(
        `Docs#readme: invalid resource URI "${uri}"`,
      );
    },
  );
});

describe('compileResourceTemplate', () => {
  it('parses the template once and keys by the template string', () => {
    const template = compileResourceTemplate(
      { uriTemplate: 'users://{id}/profile', name: 'profile', mimeType: 'application/json' },
      handler,
    );
    expect(template.key).toBe('users://{id}/profile');
    expect(template.origin).toBe('resource template "users://{id}/profile"');
    expect(template.mimeType).toBe('application/json');
    expect(template.descriptor).toEqual({
      uriTemplate: 'users://{id}/profile',
      name: 'profile',
      mimeType: 'application/json',
    });
    expect(Object.isFrozen(template.descriptor)).toBe(true);
    expect(template.template.match('users://42/profile')).toEqual({ id: '42' });
  });

  it('keeps completers by variable name', () => {
    const complete = { id: () => ['1', '2'] };
    const template = compileResourceTemplate(
      { uriTemplate: 'users://{id}', name: 'u', complete },
      handler,
    );
    expect(template.completers.get('id')).toBe(complete.id);
  });

  it.each(['users://{id', 'users://{}', 'users://{a b}'])(
    'rejects the malformed template %j with an error naming the origin',
    (uriTemplate) => {
      expect(() =>
        compileResourceTemplate({ uriTemplate, name: 't', origin: 'Users#profile' }, handler),
      ).toThrow(/^Users#profile: /);
    },
  );

  it('defaults the origin to the template in errors', () => {
    expect(() => compileResourceTemplate({ uriTemplate: 'x://{oops', name: 't' }, handler)).toThrow(
      /^resource template "x:\/\/\{oops": /,
    );
  });
});
