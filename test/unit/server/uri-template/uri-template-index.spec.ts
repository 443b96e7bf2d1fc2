import { UriTemplate, UriTemplateIndex } from '../../../../lib/server/uri-template/index.js';

describe('UriTemplateIndex', () => {
  it('returns the payload and variables of the matching template', () => {
    const index = new UriTemplateIndex<string>();
    index.add(new UriTemplate('users://{id}/profile'), 'profile');
    index.add(new UriTemplate('github://repos/{owner}/{repo}/issues{?state,page}'), 'issues');
    expect(index.size).toBe(2);
    expect(index.match('users://42/profile')).toEqual({
      value: 'profile',
      variables: { id: '42' },
    });
    expect(index.match('github://repos/o/r/issues?state=open')).toEqual({
      value: 'issues',
      variables: { owner: 'o', repo: 'r', state: 'open' },
    });
    expect(index.match('users://42/settings')).toBeUndefined();
    expect(index.match('nothing://here')).toBeUndefined();
  });

  it('prefers the template with the longest literal prefix, whatever the insertion order', () => {
    const index = new UriTemplateIndex<string>();
    index.add('file:///{+path}', 'any file');
    index.add('file:///config/{name}', 'config');
    index.add('{+uri}', 'fallback');
    expect(index.match('file:///config/app.json')?.value).toBe('config');
    expect(index.match('file:///config/nested/app.json')?.value).toBe('any file');
    expect(index.match('file:///src/main.ts')).toEqual({
      value: 'any file',
      variables: { path: 'src/main.ts' },
    });
    expect(index.match('http://example.com/')?.value).toBe('fallback');
  });

  it('breaks ties between equal prefixes by insertion order', () => {
    const index = new UriTemplateIndex<number>();
    index.add('res://{a}', 1);
    index.add('res://{b}', 2);
    expect(index.match('res://x')).toEqual({ value: 1, variables: { a: 'x' } });
  });

  it('only tests templates whose literal prefix the URI starts with', () => {
    const templates = ['users://{id}', 'users://admin/{page}', 'files:///{+p}', 'git://{r}'].map(
      (t) => new UriTemplate(t),
    );
    const calls = templates.map(() => 0);
    templates.forEach((t, i) => {
      const original = t.match.bind(t);
      t.match = (uri: string) => {
        calls[i]++;
        return original(uri);
      };
    });
    const index = new UriTemplateIndex<string>();
    templates.forEach((t) => index.add(t, t.template));

    expect(index.match('users://admin/settings')?.value).toBe('users://admin/{page}');
    expect(calls).toEqual([0, 1, 0, 0]);

    expect(index.match('users://7')?.value).toBe('users://{id}');
    expect(calls).toEqual([1, 1, 0, 0]);

    expect(index.match('ftp://x')).toBeUndefined();
    expect(calls).toEqual([1, 1, 0, 0]);
  });

  it('replaces the payload when the same template string is added again', () => {
    const index = new UriTemplateIndex<string>();
    index.add('res://{a}', 'first');
    index.add('res://{b}', 'other');
    index.add('res://{a}', 'second');
    expect(index.size).toBe(2);
    expect(index.match('res://x')?.value).toBe('second');
  });

  it('removes templates by template string', () => {
    const index = new UriTemplateIndex<string>();
    index.add('file:///{+path}', 'any');
    index.add('file:///config/{name}', 'config');
    expect(index.remove('file:///config/{name}')).toBe(true);
    expect(index.remove('file:///config/{name}')).toBe(false);
    expect(index.remove('never://added')).toBe(false);
    expect(index.size).toBe(1);
    expect(index.match('file:///config/app.json')?.value).toBe('any');
    expect(index.remove('file:///{+path}')).toBe(true);
    expect(index.size).toBe(0);
    expect(index.match('file:///config/app.json')).toBeUndefined();
    index.add('file:///config/{name}', 'again');
    expect(index.match('file:///config/app.json')?.value).toBe('again');
  });

  it('matches fully literal templates exactly', () => {
    const index = new UriTemplateIndex<string>();
    index.add('config://app', 'static');
    index.add('config://{name}', 'dynamic');
    expect(index.match('config://app')?.value).toBe('static');
    expect(index.match('config://application')?.value).toBe('dynamic');
  });

  it('rejects malformed template strings', () => {
    expect(() => new UriTemplateIndex<string>().add('bad://{id', 'x')).toThrow(/bad:\/\/\{id/);
  });
});
