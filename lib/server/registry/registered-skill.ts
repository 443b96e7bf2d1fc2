import { createHash } from 'node:crypto';
import type { Resource, Skill, SkillResource } from '../../protocol/schema/index.js';
import { SKILL_MIME_TYPE } from '../../protocol/schema/skills-extension.js';
import type { McpCacheHint } from './cache-hints.js';
import type { ResourceHandler, VisibilityPredicate } from './definitions.interface.js';
import type { McpSkillGuard, McpSkillHandler, McpSkillOptions } from './skill-options.interface.js';
import { skillFileMimeType, checkSkillName, checkSkillPath } from './skill-names.js';

/** A tool, prompt or resource a skill uses, and where it is named (for the bootstrap error). */
export interface SkillReference {
  readonly kind: 'tool' | 'prompt' | 'resource';
  readonly name: string;
  /** `Class#method` or `skills/x/SKILL.md:7`. */
  readonly where: string;
}

/** A skill definition as the registrar compiles it: the options, or a parsed `SKILL.md`. */
export interface SkillSource extends McpSkillOptions {
  /** The raw `SKILL.md` (front matter included) of a skill read from disk, served as is. */
  skillMd?: Uint8Array;
  /** References with their line, replacing `uses` (a `SKILL.md` names them in its front matter). */
  references?: SkillReference[];
}

/** One file of a skill, ready to register as a resource. */
export interface SkillFileResource {
  readonly uri: string;
  readonly name: string;
  readonly mimeType: string;
  readonly size?: number;
  /** Reads the file, after the skill's guard (a generated `SKILL.md`: its handler guards). */
  readonly handler: ResourceHandler;
}

/** A skill as the registry keeps it: its entry, its files (registered as resources) and uses. */
export interface RegisteredSkill {
  /** The URI of its `SKILL.md`. */
  readonly key: string;
  readonly origin: string;
  readonly descriptor: Readonly<Skill>;
  readonly files: readonly SkillFileResource[];
  readonly references: readonly SkillReference[];
  readonly visible?: VisibilityPredicate;
  /** Runs before `skills/get` answers (its files' handlers run it themselves). */
  readonly guard?: McpSkillGuard;
  readonly cache?: McpCacheHint;
}

/** Resources per skill and total bytes per skill that every host must accept (SEP-2640). */
export const SKILL_LIMITS = Object.freeze({ files: 512, bytes: 16 * 1024 * 1024 });

const encoder = new TextEncoder();

function digestOf(bytes: Uint8Array): string {
  return `sha256:${createHash('sha256').update(bytes).digest('hex')}`;
}

/** The `SKILL.md` text of a skill declared in code: JSON-valued YAML front matter, the body. */
function skillMarkdown(frontmatter: Record<string, unknown>, body: string): string {
  const lines = Object.entries(frontmatter).map(([k, v]) => `${k}: ${JSON.stringify(v)}`);
  return `---\n${lines.join('\n')}\n---\n\n${body}`;
}

function staticFile(
  uri: string,
  path: string,
  bytes: Uint8Array,
  mimeType: string,
  guard: McpSkillGuard | undefined,
) {
  const text = mimeType.startsWith('text/') || mimeType.endsWith('json');
  const content = text ? new TextDecoder().decode(bytes) : bytes;
  const file: SkillFileResource = {
    uri,
    name: path.slice(path.lastIndexOf('/') + 1),
    mimeType,
    size: bytes.byteLength,
    handler: guard
      ? async (_uri, ctx) => {
          await guard(ctx);
          return content;
        }
      : () => content,
  };
  const entry: SkillResource = { uri, digest: digestOf(bytes), size: bytes.byteLength };
  return { file, entry };
}

/**
 * Compiles a skill once: checks its name and paths, builds its `skill://` URIs, digests its files
 * (or marks it `"dynamic"` when a handler generates its `SKILL.md`), and keeps what it uses for
 * the bootstrap check. Throws naming the skill's origin.
 */
export function compileSkill(source: SkillSource, handler?: McpSkillHandler): RegisteredSkill {
  const origin = source.origin ?? `skill "${source.name}"`;
  checkSkillName(source.name, origin);
  if (typeof source.description !== 'string' || !source.description.trim()) {
    throw new Error(`${origin}: a skill needs a description`);
  }
  if (source.prefix !== undefined) checkSkillPath(source.prefix, 'prefix', origin);
  const root = `skill://${source.prefix ? `${source.prefix}/` : ''}${source.name}`;
  const uri = `${root}/SKILL.md`;
  const frontmatter = {
    ...source.frontmatter,
    name: source.name,
    description: source.description,
  };
  const files: SkillFileResource[] = [];
  let resources: Skill['resources'];
  if (handler) {
    files.push({
      uri,
      name: source.name,
      mimeType: SKILL_MIME_TYPE,
      handler: async (_uri, ctx) =>
        skillMarkdown(frontmatter, String(await handler(new URL(uri), ctx))),
    });
    resources = 'dynamic';
  } else {
    const skillMd =
      source.skillMd ?? encoder.encode(skillMarkdown(frontmatter, source.instructions ?? ''));
    const main = staticFile(uri, 'SKILL.md', skillMd, SKILL_MIME_TYPE, source.guard);
    files.push({ ...main.file, name: source.name });
    resources = [main.entry];
    for (const extra of source.files ?? []) {
      checkSkillPath(extra.path, 'file path', origin);
      if (extra.path === 'SKILL.md') throw new Error(`${origin}: SKILL.md is the skill itself`);
      const bytes =
        typeof extra.content === 'string' ? encoder.encode(extra.content) : extra.content;
      const mimeType = extra.mimeType ?? skillFileMimeType(extra.path);
      const at = `${root}/${extra.path}`;
      const { file, entry } = staticFile(at, extra.path, bytes, mimeType, source.guard);
      files.push(file);
      resources.push(entry);
    }
    checkLimits(resources, origin);
  }
  return {
    key: uri,
    origin,
    descriptor: Object.freeze({ uri, frontmatter, resources }) as Skill,
    files,
    references: source.references ?? referencesOf(source, origin),
    visible: source.visible,
    ...(source.guard && { guard: source.guard }),
    ...(source.cache && { cache: Object.freeze({ ...source.cache }) }),
  };
}

function checkLimits(resources: SkillResource[], origin: string): void {
  const bytes = resources.reduce((sum, r) => sum + r.size, 0);
  if (resources.length > SKILL_LIMITS.files || bytes > SKILL_LIMITS.bytes) {
    throw new Error(
      `${origin}: a skill may have at most ${SKILL_LIMITS.files} files and ` +
        `${SKILL_LIMITS.bytes} bytes (has ${resources.length} files, ${bytes} bytes)`,
    );
  }
}

function referencesOf(source: McpSkillOptions, where: string): SkillReference[] {
  const { tools = [], prompts = [], resources = [] } = source.uses ?? {};
  return [
    ...tools.map((name) => ({ kind: 'tool' as const, name, where })),
    ...prompts.map((name) => ({ kind: 'prompt' as const, name, where })),
    ...resources.map((name) => ({ kind: 'resource' as const, name, where })),
  ];
}

/** The resource descriptor fields of a skill file (the `SKILL.md` carries the description). */
export function skillFileResource(skill: RegisteredSkill, file: SkillFileResource): Resource {
  const main = file.uri === skill.key;
  return {
    uri: file.uri,
    name: file.name,
    ...(main && { description: skill.descriptor.frontmatter.description }),
    mimeType: file.mimeType,
    ...(file.size !== undefined && { size: file.size }),
  } as Resource;
}
