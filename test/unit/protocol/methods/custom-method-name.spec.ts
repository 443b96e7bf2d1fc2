import { customMethodNameProblem } from '../../../../lib/protocol/methods/custom-method-name.js';

describe('customMethodNameProblem', () => {
  it.each(['acme/ping', 'com.acme/jobs/cancel', 'acme-corp/v2.status', 'x1/do_it'])(
    'accepts the vendor-prefixed %s',
    (name) => expect(customMethodNameProblem(name)).toBeUndefined(),
  );

  it.each(['ping', 'acme', '/ping', 'Acme/ping', 'acme/', 'acme ping/x', 'acme/pi ng', ''])(
    'refuses %j as not vendor-prefixed',
    (name) => expect(customMethodNameProblem(name)).toMatch(/is not vendor-prefixed/),
  );

  it.each([
    'tools/secret',
    'notifications/acme',
    'server/custom',
    'subscriptions/x',
    'resources/x',
    'tasks/x',
    'mcp/x',
    'io.modelcontextprotocol/x',
  ])('refuses %s in a namespace of the specification', (name) =>
    expect(customMethodNameProblem(name)).toMatch(/uses the MCP specification's namespace/),
  );
});
