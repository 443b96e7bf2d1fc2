import { formatListing, formatReadResult } from '../format/format-result.js';
import { firstWord, type ReplCommand } from './repl-command.interface.js';

/** `resources`: lists the resources by URI. */
export const resourcesCommand: ReplCommand = {
  name: 'resources',
  args: '',
  summary: 'list the resources',
  async run(session) {
    const resources = await session.refreshResources();
    session.out.print(
      formatListing(resources.map((r) => ({ name: r.uri, description: r.description ?? r.name }))),
    );
  },
};

/** `templates`: lists the resource templates. */
export const templatesCommand: ReplCommand = {
  name: 'templates',
  args: '',
  summary: 'list the resource templates',
  async run(session) {
    const templates = await session.refreshTemplates();
    session.out.print(
      formatListing(
        templates.map((t) => ({ name: t.uriTemplate, description: t.description ?? t.name })),
      ),
    );
  },
};

/** A command that takes one URI. */
function withUri(name: string, summary: string, run: ReplCommand['run']): ReplCommand {
  return {
    name,
    args: '<uri>',
    summary,
    completes: 'resource',
    run: (session, rest) => {
      const [uri] = firstWord(rest);
      if (!uri) {
        session.out.error(`usage: ${name} <uri>`);
        return Promise.resolve();
      }
      return run(session, uri);
    },
  };
}

/** `read <uri>`: reads a resource (or a URI of a template). */
export const readCommand = withUri('read', 'read a resource', async (session, uri) => {
  session.out.print(formatReadResult(await session.client.readResource(uri)));
});

/** `subscribe <uri>`: updates of the resource are printed as they arrive. */
export const subscribeCommand = withUri(
  'subscribe',
  'get notified when a resource changes',
  async (session, uri) => {
    await session.client.subscribeResource(uri);
    session.out.print(`subscribed to ${uri}`);
  },
);

/** `unsubscribe <uri>`. */
export const unsubscribeCommand = withUri(
  'unsubscribe',
  'stop notifications for a resource',
  async (session, uri) => {
    await session.client.unsubscribeResource(uri);
    session.out.print(`unsubscribed from ${uri}`);
  },
);
