import { templateVariables } from '../../../../lib/nest/gateway/gateway-completers.js';

describe('templateVariables', () => {
  it('lists the variables of every expression, operators and modifiers stripped', () => {
    expect(templateVariables('users://{id}/posts{?page,limit}')).toEqual(['id', 'page', 'limit']);
    expect(templateVariables('files://{+path}{#frag}')).toEqual(['path', 'frag']);
    expect(templateVariables('x://{list*}/{name:3}')).toEqual(['list', 'name']);
    expect(templateVariables('plain://uri')).toEqual([]);
  });
});
