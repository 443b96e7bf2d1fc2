import type { McpClientManager } from '../../client/manager/mcp-client-manager.js';
import type { CompleteRequestParams } from '../../protocol/schema/index.js';
import type { ArgumentCompleter } from '../../server/registry/definitions.interface.js';

/** The variable names of a URI template (`{a,b}`, `{+path}`, `{id*}` → a, b, path, id). */
export function templateVariables(uriTemplate: string): string[] {
  const names: string[] = [];
  for (const [, expression] of uriTemplate.matchAll(/\{([^}]*)\}/g)) {
    for (const spec of expression!.replace(/^[+#./;?&]/, '').split(',')) {
      const name = spec.replace(/(\*|:\d+)$/, '').trim();
      if (name) names.push(name);
    }
  }
  return names;
}

/**
 * Completers that ask the upstream server (`completion/complete` with its own reference), one
 * per argument; none when the server does not offer completions.
 */
export function upstreamCompleters(
  manager: McpClientManager,
  server: string,
  ref: CompleteRequestParams['ref'],
  argumentNames: readonly string[],
): Record<string, ArgumentCompleter> | undefined {
  if (argumentNames.length === 0 || !manager.get(server).serverCapabilities?.completions) {
    return undefined;
  }
  const completers: Record<string, ArgumentCompleter> = {};
  for (const name of argumentNames) {
    completers[name] = async (value, context) => {
      const client = manager.get(server);
      const { completion } = await client.complete(ref, { name, value }, context.arguments);
      return completion.values;
    };
  }
  return completers;
}
