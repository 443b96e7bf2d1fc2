import { lstat, readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { isMap, LineCounter, parseDocument } from 'yaml';
import type { SkillReference, SkillSource } from './registered-skill.js';
import { checkSkillName } from './skill-names.js';

/**
 * Front matter `metadata` keys naming what a skill uses (space- or comma-separated, as the Agent
 * Skills `metadata` map holds strings): checked at bootstrap like `@Skill({ uses })`.
 */
export const SKILL_USES_KEYS = Object.freeze({
  'mcp-tools': 'tool',
  'mcp-prompts': 'prompt',
  'mcp-resources': 'resource',
} as const);

/** A directory entry's path from the working directory, `/`-separated (for error messages). */
function shown(path: string): string {
  return relative(process.cwd(), path).split(sep).join('/');
}

/**
 * Reads a skills folder at bootstrap: every directory holding a `SKILL.md` is a skill, its path
 * below the folder the skill path (`acme/billing/refunds`: prefix `acme/billing`, name
 * `refunds`), every file beneath it (dot files and symbolic links skipped) one of its files.
 * Throws naming the file and line of broken front matter, a missing `name` or `description`, a
 * name that is not its directory's or has path characters.
 */
export async function loadSkillsFolder(folder: string): Promise<SkillSource[]> {
  const skills: SkillSource[] = [];
  for (const dir of await skillDirectories(folder)) {
    const files = await filesBelow(dir);
    const skillMdPath = join(dir, 'SKILL.md');
    const skillMd = await readFile(skillMdPath);
    const parsed = parseSkillMarkdown(skillMd.toString('utf8'), shown(skillMdPath));
    const path = relative(folder, dir).split(sep);
    const dirName = path.pop() ?? '';
    if (parsed.frontmatter.name !== dirName) {
      throw new Error(
        `${shown(skillMdPath)}:${parsed.nameLine}: skill name ${JSON.stringify(parsed.frontmatter.name)} ` +
          `must be its directory's name "${dirName}"`,
      );
    }
    const extra = await Promise.all(
      files
        .filter((file) => file !== 'SKILL.md')
        .map(async (file) => ({
          path: file,
          content: new Uint8Array(await readFile(join(dir, file))),
        })),
    );
    const { name, description, ...rest } = parsed.frontmatter;
    skills.push({
      name: name as string,
      description: description as string,
      ...(path.length > 0 && { prefix: path.join('/') }),
      frontmatter: rest,
      skillMd: new Uint8Array(skillMd),
      files: extra,
      references: parsed.references,
      origin: shown(skillMdPath),
    });
  }
  return skills;
}

async function skillDirectories(folder: string): Promise<string[]> {
  const found: string[] = [];
  const walk = async (dir: string): Promise<void> => {
    const entries = await readdir(dir, { withFileTypes: true });
    if (entries.some((e) => e.isFile() && e.name === 'SKILL.md')) found.push(dir);
    for (const entry of entries) {
      if (entry.isDirectory() && !entry.name.startsWith('.')) await walk(join(dir, entry.name));
    }
  };
  if (!(await lstat(folder)).isDirectory())
    throw new Error(`skills folder ${folder} is not a directory`);
  await walk(folder);
  return found;
}

/** Every regular file below `dir`, relative and `/`-separated, in a stable order. */
async function filesBelow(dir: string, prefix = ''): Promise<string[]> {
  const files: string[] = [];
  const entries = await readdir(dir, { withFileTypes: true });
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    if (entry.name.startsWith('.')) continue;
    const path = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isFile()) files.push(path);
    else if (entry.isDirectory()) files.push(...(await filesBelow(join(dir, entry.name), path)));
  }
  return files;
}

/** A parsed `SKILL.md` front matter, the line of its `name` and what it says the skill uses. */
export interface ParsedSkillMarkdown {
  frontmatter: Record<string, unknown>;
  nameLine: number;
  references: SkillReference[];
}

/**
 * Parses the YAML front matter of a `SKILL.md` (`file` names it in errors, with the line):
 * it must open the file between `---` lines, be a mapping, and hold a `name` (a valid skill
 * name) and a `description`.
 */
export function parseSkillMarkdown(text: string, file: string): ParsedSkillMarkdown {
  const lines = text.split(/\r?\n/);
  if (lines[0] !== '---') throw new Error(`${file}:1: SKILL.md must open with "---" front matter`);
  const end = lines.indexOf('---', 1);
  if (end < 0) throw new Error(`${file}:1: front matter not closed by a "---" line`);
  const lineCounter = new LineCounter();
  const doc = parseDocument(lines.slice(1, end).join('\n'), { lineCounter, prettyErrors: false });
  const error = doc.errors[0];
  if (error) {
    const line = (error.linePos?.[0].line ?? 1) + 1;
    throw new Error(`${file}:${line}: broken front matter: ${error.message.split('\n')[0]}`);
  }
  if (!isMap(doc.contents)) throw new Error(`${file}:2: front matter must be a YAML mapping`);
  const frontmatter = doc.toJS() as Record<string, unknown>;
  const lineOf = (key: string): number => {
    const at = lines.slice(1, end).findIndex((l) => new RegExp(`^\\s*${key}\\s*:`).test(l));
    return at < 0 ? 1 : at + 2;
  };
  const nameLine = lineOf('name');
  checkSkillName(frontmatter.name, `${file}:${nameLine}`);
  if (typeof frontmatter.description !== 'string' || !frontmatter.description.trim()) {
    throw new Error(`${file}:${lineOf('description')}: front matter needs a "description"`);
  }
  const metadata = frontmatter.metadata;
  const references: SkillReference[] = [];
  if (typeof metadata === 'object' && metadata !== null) {
    for (const [key, kind] of Object.entries(SKILL_USES_KEYS)) {
      const value = (metadata as Record<string, unknown>)[key];
      if (value === undefined) continue;
      const where = `${file}:${lineOf(key)}`;
      if (typeof value !== 'string')
        throw new Error(`${where}: metadata "${key}" must be a string`);
      for (const name of value.split(/[\s,]+/).filter(Boolean)) {
        references.push({ kind, name, where });
      }
    }
  }
  return { frontmatter, nameLine, references };
}
