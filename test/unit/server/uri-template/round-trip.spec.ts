import { UriTemplate } from '../../../../lib/server/uri-template/index.js';

type Vars = Record<string, string | string[]>;

/** [operator under test, template, variables]: expand then match must give the variables back. */
const ROUND_TRIPS: [string, string, Vars][] = [
  ['simple', 'users://{id}/profile', { id: 'a b/c?d#e&f' }],
  ['simple multi', 'map://{x,y}', { x: '1024', y: '7,68' }],
  ['simple explode', 'tags://{list*}', { list: ['red', 'green', 'blue'] }],
  ['simple prefix', 'p://{var:3}', { var: 'val' }],
  ['reserved', 'file:///{+path}', { path: 'dir/sub dir/file.txt' }],
  ['reserved multi', 'r://{+base}/x/{name}', { base: 'a/b', name: 'c' }],
  ['fragment', 'doc://page{#section}', { section: 'intro/part 1' }],
  ['label', 'docs://{name}{.ext}', { name: 'archive', ext: 'tar.gz' }],
  ['label explode', 'www{.dom*}', { dom: ['example', 'com'] }],
  ['path', 'repo://root{/a,b}', { a: 'x', b: 'y z' }],
  ['path explode', 'repo://root{/segments*}/end', { segments: ['a', 'b c', 'd'] }],
  ['path explode + var', '{/list*,path:4}', { list: ['red', 'green'], path: '/foo' }],
  ['params', 'map://m{;x,y,empty}', { x: '1024', y: '768', empty: '' }],
  ['params explode', 'map://m{;list*}', { list: ['a', 'b'] }],
  ['query', 'search://q{?term,page}', { term: 'a&b=c', page: '2' }],
  ['query explode', 'search://q{?tag*}', { tag: ['x', 'y z'] }],
  ['query continuation', 'api://items?fixed=1{&page,size}', { page: '3', size: '10' }],
  ['query + continuation', 'api://find{?q}{&limit}', { q: 'hello world', limit: '5' }],
  ['mixed', 'gh://repos/{owner}/{repo}/issues{?state,page}', { owner: 'o', repo: 'r', page: '1' }],
];

describe('UriTemplate round-trips (expand then match)', () => {
  it.each(ROUND_TRIPS)('%s: %s', (_operator, template, vars) => {
    const t = new UriTemplate(template);
    const uri = t.expand(vars);
    expect(t.match(uri)).toEqual(vars);
  });

  it('omits optional variables that were undefined at expansion', () => {
    const t = new UriTemplate('x://{a}{/b}{.c}{;d}{?e}{#f}');
    expect(t.match(t.expand({ a: '1' }))).toEqual({ a: '1' });
    const all = { a: '1', b: '2', c: '3', d: '4', e: '5', f: '6' };
    expect(t.match(t.expand(all))).toEqual(all);
  });
});
