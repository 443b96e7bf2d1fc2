import type { McpAggregate } from '../../client/manager/aggregate.interface.js';
import type { McpClientManager } from '../../client/manager/mcp-client-manager.js';
import type { ReadResourceResult, Skill } from '../../protocol/schema/index.js';
import { serverSupportsSkills } from '../../protocol/schema/skills-extension.js';
import type { McpServer } from '../../server/mcp-server.js';
import type { McpContext } from '../../server/context/mcp-context.js';
import type {
  McpSkillFile,
  McpSkillGuard,
  McpSkillOptions,
} from '../../server/registry/skill-options.interface.js';
import { forwardedCallOptions, principalClaimMeta, upstreamFailure } from './forward-call.js';
import type { McpGatewayPrincipalClaims } from './mcp-gateway-options.interface.js';
import type { McpGatewayInvoker } from './mcp-gateway-invoker.js';

/** Who may see and read a gateway skill: the gateway's guards, the upstream's for the caller. */
export interface GatewaySkillAccess {
  readonly invoker: McpGatewayInvoker;
  /** The module's `hideDeniedFromLists`: a skill the guards deny is hidden, not only refused. */
  readonly hideDenied: boolean;
  /** How the caller is signed for the upstreams (none: the upstream is not asked per caller). */
  readonly claims?: McpGatewayPrincipalClaims | undefined;
}

/** Front matter `metadata` keys naming tools or prompts, renamed like the gateway names them. */
const RENAMED_USES = { 'mcp-tools': 'tools', 'mcp-prompts': 'prompts' } as const;

const FRONT_MATTER = /^---\r?\n[\s\S]*?\r?\n---\r?\n?/;

/**
 * Serves the skills of the gateway's upstream servers (Skills extension, SEP-2640) on its own
 * McpServer: each under the skill prefix of its server (`skill://<server>/<path>/SKILL.md`), its
 * files copied when the aggregate changes (a dynamic skill's `SKILL.md` read per request), and
 * the tools and prompts its front matter `metadata` names renamed to the gateway's names for
 * them. Its entry and every file read pass the gateway's guards (the app's global ones and
 * `guards`, target kind `'skill'`; hidden with `hideDeniedFromLists`), then, when the gateway
 * signs the caller's principal, the upstream's own guards and scopes for that caller (an upstream
 * `skills/get` with the claim). An upstream skill that cannot be served is left out with a
 * warning.
 */
export class GatewaySkills {
  /** URI of each served `SKILL.md` → fingerprint of what it was built from. */
  private readonly served = new Map<string, string>();
  private generation = 0;

  constructor(
    private readonly server: McpServer,
    private readonly manager: McpClientManager,
    private readonly warn: (message: string) => void,
    private readonly access: GatewaySkillAccess,
  ) {}

  /** Brings the served skills in step with the upstreams (latest call wins). */
  async sync(aggregate: McpAggregate): Promise<void> {
    const generation = ++this.generation;
    const wanted = new Map<string, { print: string; register: () => Promise<void> }>();
    for (const name of this.manager.names) {
      if (this.manager.status(name).state !== 'ready') continue;
      const client = this.manager.get(name);
      if (!serverSupportsSkills(client.serverCapabilities)) continue;
      let skills: Skill[];
      try {
        skills = await client.skills.listAll();
      } catch (error) {
        this.warn(`${name}: skills not listed: ${(error as Error).message}`);
        continue;
      }
      const names = exposedNames(aggregate, name);
      for (const skill of skills) {
        const uri = skill.uri.replace(/^skill:\/\//, `skill://${name}/`);
        const print = JSON.stringify([name, skill, names.tools, names.prompts]);
        wanted.set(uri, { print, register: () => this.register(name, uri, skill, names) });
      }
    }
    if (generation !== this.generation) return; // a newer sync is under way
    for (const [uri, print] of this.served) {
      if (wanted.get(uri)?.print === print) continue;
      this.server.removeSkill(uri);
      this.served.delete(uri);
    }
    for (const [uri, { print, register }] of wanted) {
      if (this.served.has(uri)) continue;
      try {
        await register();
        this.served.set(uri, print);
      } catch (error) {
        this.warn(`skill "${uri}" not served: ${(error as Error).message}`);
      }
    }
  }

  private async register(
    server: string,
    uri: string,
    skill: Skill,
    names: ExposedNames,
  ): Promise<void> {
    const path = skill.uri.replace(/^skill:\/\//, '').replace(/\/SKILL\.md$/, '');
    const cut = path.lastIndexOf('/');
    const prefix = cut < 0 ? server : `${server}/${path.slice(0, cut)}`;
    const frontmatter = renamedUses(skill.frontmatter, names);
    const { name, description } = skill.frontmatter;
    const guard = this.guardOf(server, uri, skill.uri);
    const visible = this.access.hideDenied
      ? this.access.invoker.createGuardCheck({
          kind: 'skill',
          server,
          name: uri,
          upstreamName: skill.uri,
        })
      : undefined;
    const base: McpSkillOptions = {
      name,
      description,
      prefix,
      frontmatter,
      origin: `McpGateway:${server}/${path}`,
      guard,
      ...(visible && { visible }),
    };
    const read = (uri: string, ctx?: McpContext) =>
      this.manager.readResource(uri, {
        server,
        ...(ctx && forwardedCallOptions(ctx, ctx.signal, this.claimOf(ctx, server))),
      });
    if (skill.resources === 'dynamic') {
      return this.server.registerSkill(base, async (_uri, ctx) => {
        await guard(ctx);
        return body(await read(skill.uri, ctx).catch(failedAt(server)));
      });
    }
    const instructions = body(await read(skill.uri));
    const root = skill.uri.slice(0, -'SKILL.md'.length);
    const files: McpSkillFile[] = [];
    for (const file of skill.resources) {
      if (file.uri === skill.uri || !file.uri.startsWith(root)) continue;
      const [content] = (await read(file.uri)).contents;
      if (!content) continue;
      files.push({
        path: file.uri.slice(root.length),
        content:
          typeof content['blob'] === 'string'
            ? Buffer.from(content['blob'], 'base64')
            : String(content['text'] ?? ''),
        ...(content.mimeType !== undefined && { mimeType: content.mimeType }),
      });
    }
    this.server.registerSkill({ ...base, instructions, files });
  }

  /**
   * The guard of the gateway skill at `uri`: the gateway's guards, then (the caller signed for
   * the upstream) the upstream's `skills/get` of `upstreamUri` for that caller.
   */
  private guardOf(server: string, uri: string, upstreamUri: string): McpSkillGuard {
    const target = { kind: 'skill' as const, server, name: uri, upstreamName: upstreamUri };
    const guards = this.access.invoker.createGuard(target);
    return async (ctx) => {
      await guards(ctx);
      const claim = this.claimOf(ctx, server);
      if (!claim) return; // the upstream would see the gateway itself, which listed the skill
      const options = forwardedCallOptions(ctx, ctx.signal, claim);
      await this.manager.get(server).skills.get(upstreamUri, options).catch(failedAt(server));
    };
  }

  private claimOf(ctx: McpContext, server: string): Record<string, string> | undefined {
    return principalClaimMeta(this.access.claims, ctx, server);
  }
}

/** Rethrows an upstream failure as the downstream client gets it (see `upstreamFailure`). */
function failedAt(server: string): (error: unknown) => never {
  return (error) => {
    throw upstreamFailure(server, error);
  };
}

type ExposedNames = Record<'tools' | 'prompts', Record<string, string>>;

/** Upstream name → gateway name of a server's tools and prompts. */
function exposedNames(aggregate: McpAggregate, server: string): ExposedNames {
  const of = (items: McpAggregate['tools'] | McpAggregate['prompts']) =>
    Object.fromEntries(
      items.filter((i) => i.server === server).map((i) => [i.upstreamName, i.descriptor.name]),
    );
  return { tools: of(aggregate.tools), prompts: of(aggregate.prompts) };
}

/** The front matter with `metadata.mcp-tools` / `mcp-prompts` naming the gateway's items. */
function renamedUses(frontmatter: Skill['frontmatter'], names: ExposedNames) {
  const { name: _name, description: _description, ...rest } = frontmatter;
  const metadata = rest['metadata'];
  if (!metadata || typeof metadata !== 'object') return rest;
  const renamed: Record<string, unknown> = { ...(metadata as Record<string, unknown>) };
  for (const [key, kind] of Object.entries(RENAMED_USES)) {
    const list = renamed[key];
    if (typeof list !== 'string') continue;
    const map = names[kind];
    renamed[key] = list
      .split(/[\s,]+/)
      .filter(Boolean)
      .map((n) => map[n] ?? n)
      .join(', ');
  }
  return { ...rest, metadata: renamed };
}

/** The `SKILL.md` text of a read, its front matter cut (the gateway writes its own). */
function body(result: ReadResourceResult): string {
  const [content] = result.contents;
  const text = content?.['text'];
  return (typeof text === 'string' ? text : '').replace(FRONT_MATTER, '');
}
