import type { Skill } from '../../protocol/schema/index.js';
import { CliError, EXIT } from '../cli-error.js';
import type { CliSession } from '../cli-session.js';
import { formatListing } from '../format/format-result.js';
import { firstWord, type ReplCommand } from './repl-command.interface.js';

/**
 * The skill (SEP-2640) named `name` (its front matter name, or the URI of its `SKILL.md`), with
 * its `SKILL.md` text; a clear usage error naming the known skills when there is none.
 */
export async function findSkill(
  session: CliSession,
  name: string,
): Promise<{ skill: Skill; text: string }> {
  const skills = await session.client.skills.listAll();
  const found = skills.filter((s) => s.uri === name || s.frontmatter.name === name);
  if (found.length !== 1) {
    const known = skills.map((s) => s.uri).join(', ') || 'none';
    const why = found.length === 0 ? 'no skill' : 'more than one skill';
    throw new CliError(`${why} named "${name}" (skills: ${known})`, EXIT.failed);
  }
  const skill = found[0]!;
  const read = await session.client.readResource(skill.uri);
  const [content] = read.contents;
  const text = typeof content?.['text'] === 'string' ? content['text'] : '';
  return { skill, text };
}

/** `skills`: lists the skills by URI. */
export const skillsCommand: ReplCommand = {
  name: 'skills',
  args: '',
  summary: 'list the skills (SEP-2640)',
  async run(session) {
    const skills = await session.client.skills.listAll();
    session.out.print(
      formatListing(skills.map((s) => ({ name: s.uri, description: s.frontmatter.description }))),
    );
  },
};

/** `skill <name>`: prints a skill's `SKILL.md` and its files. */
export const skillCommand: ReplCommand = {
  name: 'skill',
  args: '<name>',
  summary: "print a skill's SKILL.md and its files",
  async run(session, rest) {
    const [name] = firstWord(rest);
    if (!name) return session.out.error('usage: skill <name>');
    const { skill, text } = await findSkill(session, name);
    const files =
      skill.resources === 'dynamic'
        ? '(files: dynamic)'
        : formatListing(
            skill.resources.map((r) => ({ name: r.uri, description: `${r.size} bytes` })),
          );
    session.out.print(`${text}\n\nfiles:\n${files}`);
  },
};
