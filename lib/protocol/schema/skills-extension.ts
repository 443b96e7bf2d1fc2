import { z } from 'zod';
import { PaginatedResultSchema, RequestParamsSchema, ResultSchema } from './base.js';

// The Skills extension (`io.modelcontextprotocol/skills`, SEP-2640, Final, text of 2026-09-18):
// a skill is a directory of files, minimally `SKILL.md`, each served as a resource
// (`skill://<skill-path>/<file-path>`) and read with `resources/read`; `skills/list` and
// `skills/get` return its entry: the verbatim front matter and a manifest of its files with
// SHA-256 digests, or `"dynamic"` when its content is generated.

/** Identifier of the Skills extension in `capabilities.extensions` (both eras). */
export const SKILLS_EXTENSION_ID = 'io.modelcontextprotocol/skills';

/** MIME type of a `SKILL.md` resource. */
export const SKILL_MIME_TYPE = 'text/markdown';

/** One file of a skill: its resource URI, `sha256:<hex>` of its raw bytes and their length. */
export const SkillResourceSchema = z.looseObject({
  uri: z.string(),
  digest: z.string().regex(/^sha256:[0-9a-f]{64}$/),
  size: z.number().int().nonnegative(),
});
/** One file of a skill's manifest. */
export type SkillResource = z.infer<typeof SkillResourceSchema>;

/** A skill's `SKILL.md` front matter, verbatim: `name` and `description` always present. */
export const SkillFrontmatterSchema = z.looseObject({
  name: z.string(),
  description: z.string(),
});
/** A skill's front matter. */
export type SkillFrontmatter = z.infer<typeof SkillFrontmatterSchema>;

/** The entry of one skill, the same in `skills/list` and `skills/get`. */
export const SkillSchema = z.looseObject({
  /** URI of the skill's `SKILL.md`. */
  uri: z.string(),
  frontmatter: SkillFrontmatterSchema,
  /** Every file of the skill (`SKILL.md` included), or `"dynamic"` for generated content. */
  resources: z.union([z.array(SkillResourceSchema), z.literal('dynamic')]),
});
/** A skill entry. */
export type Skill = z.infer<typeof SkillSchema>;

/** Result of `skills/list` (the 2026-07-28 form adds the cache fields). */
export const ListSkillsResultSchema = PaginatedResultSchema.extend({
  skills: z.array(SkillSchema),
});
/** Result of `skills/list`. */
export type ListSkillsResult = z.infer<typeof ListSkillsResultSchema>;

/** Params of `skills/get`: the URI of a skill's `SKILL.md`. */
export const GetSkillRequestParamsSchema = RequestParamsSchema.extend({ uri: z.string() });
/** Params of `skills/get`. */
export type GetSkillRequestParams = z.infer<typeof GetSkillRequestParamsSchema>;

/** Result of `skills/get` (the 2026-07-28 form adds the cache fields). */
export const GetSkillResultSchema = ResultSchema.extend({ skill: SkillSchema });
/** Result of `skills/get`. */
export type GetSkillResult = z.infer<typeof GetSkillResultSchema>;

/** True when the server declared the Skills extension in its capabilities. */
export function serverSupportsSkills(capabilities: { extensions?: unknown } | undefined): boolean {
  const extensions = capabilities?.extensions;
  return typeof extensions === 'object' && extensions !== null && SKILLS_EXTENSION_ID in extensions;
}
