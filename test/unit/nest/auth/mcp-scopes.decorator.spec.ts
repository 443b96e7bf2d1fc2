import { McpScopes, scopesOfHandler } from '../../../../lib/nest/auth/mcp-scopes.decorator.js';

@McpScopes('notes:read')
class Notes {
  @McpScopes('notes:write', 'notes:read')
  add() {}

  list() {}
}

describe('@McpScopes', () => {
  it('joins the class scopes and the method scopes', () => {
    expect(scopesOfHandler(Notes, Notes.prototype.add)).toEqual(['notes:read', 'notes:write']);
    expect(scopesOfHandler(Notes, Notes.prototype.list)).toEqual(['notes:read']);
  });

  it('is empty without the decorator', () => {
    class Plain {
      run() {}
    }
    expect(scopesOfHandler(Plain, Plain.prototype.run)).toEqual([]);
  });
});
