import type { McpContext } from '../context/mcp-context.js';
import type { McpCacheHint } from './cache-hints.js';
import type { VisibilityPredicate } from './definitions.interface.js';

/** A supporting file of a skill (`references/GUIDE.md`, `scripts/run.py`). */
export interface McpSkillFile {
  /** Path relative to the skill's root, `/`-separated, no `.` or `..` segments. */
  path: string;
  /** The file's content (text is served as UTF-8, bytes as a blob). */
  content: string | Uint8Array;
  /** Defaults from the file extension (`text/markdown` for `.md`, ...). */
  mimeType?: string;
}

/** The tools, prompts and resources a skill's instructions use: checked to exist at bootstrap. */
export interface McpSkillUses {
  tools?: string[];
  prompts?: string[];
  /** Resource URIs (a fixed resource or one a template serves). */
  resources?: string[];
}

/**
 * Options of `@Skill()` / `McpServer.registerSkill()` (Skills extension, SEP-2640). The skill is
 * served at `skill://<prefix>/<name>/SKILL.md`, its files beside it.
 */
export interface McpSkillOptions {
  /** The skill's name: 1-64 of `a-z 0-9 -`, no leading, trailing or double `-`. */
  name: string;
  /** What the skill does and when to use it (1-1024 characters). */
  description: string;
  /** Organisational prefix of the skill's path (`acme/billing`); none by default. */
  prefix?: string;
  /**
   * Further front matter fields, sent verbatim in the entry (`license`, `compatibility`,
   * `metadata`, `allowed-tools` ...).
   */
  frontmatter?: Record<string, unknown>;
  /**
   * The `SKILL.md` body (markdown after the front matter). With it (and no handler) the skill is
   * static: its entry lists every file with its SHA-256 digest.
   */
  instructions?: string;
  /** Supporting files of a static skill. */
  files?: McpSkillFile[];
  /** Tools, prompts and resources the skill uses; a missing one fails bootstrap naming it. */
  uses?: McpSkillUses;
  /** Hides the skill (entry and files) from callers for whom it returns false. */
  visible?: VisibilityPredicate;
  /**
   * Runs before `skills/get` answers and before each of the skill's files is read (a generated
   * `SKILL.md`: its handler is that place); throwing refuses the request with what was thrown,
   * as a handler's error (a Nest `ForbiddenException`: `-32600`). `@Skill()` runs the method's
   * guards here; the gateway its guards and the upstream's. None by default.
   */
  guard?: McpSkillGuard;
  /** Cache hint of `skills/get` and of its files' reads (2026-07-28). */
  cache?: McpCacheHint;
  /** Where it was declared, for errors (`Class#method`, `skills/x/SKILL.md`). */
  origin?: string;
}

/** A skill's access check (see {@link McpSkillOptions.guard}): throws to refuse. */
export type McpSkillGuard = (ctx: McpContext) => unknown;

/**
 * Generates a skill's `SKILL.md` body per read: the skill is dynamic (its entry's `resources`
 * is `"dynamic"`, as SEP-2640 asks of content that has no stable digest).
 */
export type McpSkillHandler = (uri: URL, ctx: McpContext) => unknown;
