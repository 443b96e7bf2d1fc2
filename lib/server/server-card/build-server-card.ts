import type { ServerCapabilities } from '../../protocol/schema/index.js';
import type { McpServerOptions } from '../mcp-server-options.interface.js';
import type { PrimitiveLookup } from '../registry/registry-view.interface.js';
import {
  SERVER_CARD_SCHEMA,
  type McpServerCard,
  type McpServerCardIdentity,
  type McpServerCardRemote,
} from './server-card.interface.js';

/** What a card is built from: the server as it stands, and how it is reached. */
export interface ServerCardSource {
  options: Pick<
    McpServerOptions,
    'name' | 'version' | 'title' | 'description' | 'websiteUrl' | 'icons'
  >;
  identity: McpServerCardIdentity;
  capabilities: ServerCapabilities;
  primitives: PrimitiveLookup;
  /** Whether the endpoints need a token (then primitives are left out unless asked for). */
  authenticated: boolean;
  remotes: McpServerCardRemote[];
}

const RANGE = /^[~^<>=]|[*]|(^|\.)x(\.|$)|\s/i;

/**
 * The card's name: the identity's, else the server's when it has the reverse-DNS form.
 * @throws Error at startup when neither is `namespace/name` or the version is a range
 */
export function serverCardName(
  options: Pick<McpServerOptions, 'name' | 'version'>,
  identity: McpServerCardIdentity,
): string {
  const name = identity.name ?? options.name;
  if (!/^[^/\s]+\/[^/\s]+$/.test(name)) {
    throw new Error(
      `McpModule serverCard: the card's name must be reverse-DNS with exactly one "/" ` +
        `(for example "io.github.acme/weather"); "${name}" is not. Set serverCard.name.`,
    );
  }
  if (RANGE.test(options.version)) {
    throw new Error(
      `McpModule serverCard: version "${options.version}" is a range; a Server Card needs one version`,
    );
  }
  return name;
}

/** The descriptors every caller sees: items with a visibility rule are left out. */
function publicItems<D>(view: {
  values(): IterableIterator<{ descriptor: D; visible?: unknown }>;
}): D[] {
  return [...view.values()].filter((item) => item.visible === undefined).map((i) => i.descriptor);
}

/** Marks the primitive lists as changing at runtime (their content is learned by connecting). */
function dynamic(capabilities: ServerCapabilities): ServerCapabilities {
  const marked: ServerCapabilities = { ...capabilities };
  if (marked.tools) marked.tools = { ...marked.tools, listChanged: true };
  if (marked.prompts) marked.prompts = { ...marked.prompts, listChanged: true };
  if (marked.resources) marked.resources = { ...marked.resources, listChanged: true };
  return marked;
}

/**
 * Builds the Server Card (SEP-2127, draft of 2026-02-18) of a server: identity from its options,
 * the capabilities it negotiates, the endpoints it serves, and its tools, prompts and resources
 * unless they are left out (then the lists are marked `listChanged`).
 */
export function buildServerCard(source: ServerCardSource): McpServerCard {
  const { options, identity, primitives, remotes } = source;
  const listed = identity.primitives ?? !source.authenticated;
  const card: McpServerCard = {
    $schema: SERVER_CARD_SCHEMA,
    name: serverCardName(options, identity),
    version: options.version,
    ...(options.description !== undefined && { description: options.description }),
    ...(options.title !== undefined && { title: options.title }),
    ...(options.websiteUrl !== undefined && { websiteUrl: options.websiteUrl }),
    ...(identity.repository && { repository: identity.repository }),
    ...(options.icons && { icons: options.icons }),
    ...(remotes.length > 0 && { remotes }),
    capabilities: listed ? source.capabilities : dynamic(source.capabilities),
    ...(identity.requires && { requires: identity.requires }),
  };
  if (!listed) return card;
  const resources = publicItems(primitives.resources);
  const tools = publicItems(primitives.tools);
  const prompts = publicItems(primitives.prompts);
  if (resources.length > 0) card.resources = resources;
  if (tools.length > 0) card.tools = tools;
  if (prompts.length > 0) card.prompts = prompts;
  return card;
}
