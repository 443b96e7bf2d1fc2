import { McpError } from '../../errors/mcp.error.js';
import { McpContext } from '../context/mcp-context.js';
import { listPage } from './list-page.js';
import type { MethodHandler } from './method-handler.interface.js';

/** `skills/list` (Skills extension, SEP-2640): the entries this caller may see, paginated. */
export const listSkills: MethodHandler<'skills/list'> = (params, scope, host) =>
  listPage('skills', host.primitives.skills, params, scope, host);

/**
 * `skills/get`: the entry of the skill whose `SKILL.md` is at `uri`; `-32602` for a URI that
 * names no skill, or one hidden from this caller (guards, scopes, `visible`); what its `guard`
 * throws for a caller it refuses.
 */
export const getSkill: MethodHandler<'skills/get'> = async (params, scope, host) => {
  const { uri } = params;
  const skill = host.primitives.skills.get(uri);
  const ctx = skill?.visible || skill?.guard ? new McpContext(scope) : undefined;
  let shown = skill !== undefined;
  if (skill?.visible) {
    try {
      shown = await skill.visible(ctx!);
    } catch {
      shown = false;
    }
  }
  if (!skill || !shown) throw McpError.invalidParams(`No skill is served at ${uri}`, { uri });
  if (skill.guard) await skill.guard(ctx!);
  return { skill: skill.descriptor };
};
