import { UriTemplate, UriTemplateSyntaxError } from '../../../../lib/server/uri-template/index.js';
import { RFC_EXAMPLES, RFC_VARS } from './rfc6570-examples.js';

describe('UriTemplate', () => {
  describe('expand: RFC 6570 sections 1.2 and 3.2 examples', () => {
    it.each(RFC_EXAMPLES)('[%s] %s -> %s', (_section, template, expected) => {
      expect(new UriTemplate(template).expand(RFC_VARS)).toBe(expected);
    });
  });

  describe('expand: other values', () => {
    it('stringifies numbers and booleans', () => {
      const t = new UriTemplate('x://{n}/{b}{?flag}');
      expect(t.expand({ n: 42, b: false, flag: true })).toBe('x://42/false?flag=true');
    });

    it('UTF-8 encodes non-ASCII and applies prefixes per code point', () => {
      expect(new UriTemplate('{v}').expand({ v: 'é😀' })).toBe('%C3%A9%F0%9F%98%80');
      expect(new UriTemplate('{v:2}').expand({ v: '😀😁x' })).toBe('%F0%9F%98%80%F0%9F%98%81');
    });

    it('keeps pct-encoded triplets in reserved expansion only', () => {
      expect(new UriTemplate('{+v}').expand({ v: 'a%20b' })).toBe('a%20b');
      expect(new UriTemplate('{v}').expand({ v: 'a%20b' })).toBe('a%2520b');
    });

    it('pct-encodes characters of literals that are not allowed in a URI', () => {
      expect(new UriTemplate('file:///my docs/{n}').expand({ n: 'a' })).toBe('file:///my%20docs/a');
    });

    it('treats missing, null, empty list and inherited names as undefined', () => {
      const t = new UriTemplate('x:{a}{toString}{?b,c}');
      expect(t.expand({ a: 'q', b: null as any, c: [] })).toBe('x:q');
    });

    it('throws when a prefix modifier meets a list or map', () => {
      expect(() => new UriTemplate('{list:2}').expand({ list: ['a'] })).toThrow(/list:2|list/);
      expect(() => new UriTemplate('{keys:2}').expand({ keys: { a: 'b' } })).toThrow(Error);
    });
  });

  describe('match: MCP-style templates', () => {
    it('extracts a simple path variable', () => {
      const t = new UriTemplate('test://template/{id}/data');
      expect(t.match('test://template/123/data')).toEqual({ id: '123' });
    });

    it('lets {+path} span slashes', () => {
      const t = new UriTemplate('file:///{+path}');
      expect(t.match('file:///home/user/notes.txt')).toEqual({ path: 'home/user/notes.txt' });
    });

    it('takes optional query parameters in any order and ignores unknown ones', () => {
      const t = new UriTemplate('github://repos/{owner}/{repo}/issues{?state,page}');
      expect(t.match('github://repos/nestjs/nest/issues')).toEqual({
        owner: 'nestjs',
        repo: 'nest',
      });
      expect(t.match('github://repos/o/r/issues?page=2&sort=asc&state=open')).toEqual({
        owner: 'o',
        repo: 'r',
        state: 'open',
        page: '2',
      });
      expect(t.match('github://repos/o/r/issues?state=')).toEqual({
        owner: 'o',
        repo: 'r',
        state: '',
      });
    });

    it('pools {?a}{&b} parameters', () => {
      const t = new UriTemplate('s://find{?q}{&limit}');
      expect(t.match('s://find?limit=5&q=x')).toEqual({ q: 'x', limit: '5' });
    });

    it('gives a trailing {.ext} priority over the preceding variable', () => {
      const t = new UriTemplate('docs://{name}{.ext}');
      expect(t.match('docs://readme.md')).toEqual({ name: 'readme', ext: 'md' });
      expect(t.match('docs://readme')).toEqual({ name: 'readme' });
    });

    it('stops {+path} before a following optional query', () => {
      const t = new UriTemplate('file:///{+path}{?rev}');
      expect(t.match('file:///a/b.txt?rev=3')).toEqual({ path: 'a/b.txt', rev: '3' });
      const frag = new UriTemplate('file:///{+path}{#section}');
      expect(frag.match('file:///a/b.md#intro')).toEqual({ path: 'a/b.md', section: 'intro' });
    });

    it('reads ;params by name and lets a prefix binding agree with the full value', () => {
      expect(new UriTemplate('m://x{;a,b}').match('m://x;b=2;a=1')).toEqual({ a: '1', b: '2' });
      expect(new UriTemplate('{/var:1,var}').match('/v/value')).toEqual({ var: 'value' });
    });

    it('matches a template without expressions exactly', () => {
      const t = new UriTemplate('config://app');
      expect(t.match('config://app')).toEqual({});
      expect(t.match('config://app2')).toBeNull();
    });
  });

  describe('match: percent-decoding', () => {
    const t = new UriTemplate('users://{id}/profile');

    it('decodes UTF-8 and reserved characters', () => {
      expect(t.match('users://J%C3%BCrgen%20M/profile')).toEqual({ id: 'Jürgen M' });
      expect(t.match('users://a%2Fb/profile')).toEqual({ id: 'a/b' });
    });

    it('keeps invalid sequences and "+" as written', () => {
      expect(t.match('users://%E0%A4%A/profile')).toEqual({ id: '%E0%A4%A' });
      expect(t.match('users://a+b/profile')).toEqual({ id: 'a+b' });
    });

    it('accepts a literal either raw or pct-encoded', () => {
      const lit = new UriTemplate('file:///my docs/{n}');
      expect(lit.match('file:///my%20docs/a')).toEqual({ n: 'a' });
      expect(lit.match('file:///my docs/a')).toEqual({ n: 'a' });
    });
  });

  describe('match: non-matches', () => {
    it.each([
      ['users://{id}/profile', 'users://a/b/profile'],
      ['users://{id}/profile', 'users:///profile'],
      ['users://{id}/profile', 'users://1/settings'],
      ['users://{id}/profile', 'other://1/profile'],
      ['users://{id}/profile', 'users://1/profile?x=1'],
      ['test://template/{id}/data', 'test://template/123/data/extra'],
      ['file:///{+path}', 'file:///'],
      ['api://items?fixed=1{&page}', 'api://items?fixed=2&page=1'],
      ['x://{a}/{a}', 'x://1/2'],
      ['x://{a}{?q}', 'x://1#frag'],
    ])('%s does not match %s', (template, uri) => {
      expect(new UriTemplate(template).match(uri)).toBeNull();
    });
  });

  describe('malformed templates', () => {
    it.each([
      ['users://{id', 8, /unclosed/],
      ['users://id}', 10, /unmatched/],
      ['x{}', 1, /empty expression/],
      ['{=x}', 1, /operator '='/],
      ['{!x}', 1, /operator '!'/],
      ['{a b}', 1, /variable name 'a b'/],
      ['{a-b}', 1, /variable name/],
      ['{a..b}', 1, /variable name/],
      ['{x,}', 3, /missing variable name/],
      ['{.}', 2, /missing variable name/],
      ['{x:0}', 2, /prefix/],
      ['{x:10000}', 2, /prefix/],
      ['{x:abc}', 2, /prefix/],
      ['{x:3*}', 2, /prefix/],
      ['{a{b}}', 2, /unexpected '\{'/],
    ])('%s throws at position %d', (template, position, reason) => {
      let error: unknown;
      try {
        new UriTemplate(template);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(UriTemplateSyntaxError);
      expect(error).toBeInstanceOf(Error);
      const err = error as UriTemplateSyntaxError;
      expect(err.position).toBe(position);
      expect(err.message).toContain(JSON.stringify(template));
      expect(err.message).toContain(`position ${position}`);
      expect(err.message).toMatch(reason);
    });
  });

  describe('metadata', () => {
    it('lists distinct variable names in order and returns the template from toString', () => {
      const t = new UriTemplate('x://{a}/{+b}{/a}{?c,d*}');
      expect(t.variableNames).toEqual(['a', 'b', 'c', 'd']);
      expect(t.toString()).toBe('x://{a}/{+b}{/a}{?c,d*}');
      expect(`${t}`).toBe(t.template);
      expect(t.literalPrefix).toBe('x://');
    });

    it('detects expressions with isTemplate', () => {
      expect(UriTemplate.isTemplate('users://{id}')).toBe(true);
      expect(UriTemplate.isTemplate('users://static')).toBe(false);
      expect(UriTemplate.isTemplate('weird://{}')).toBe(false);
    });
  });
});
