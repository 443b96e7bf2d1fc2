import type { GetSkillResult, ListSkillsResult, Skill } from '../../protocol/schema/index.js';
import type { McpCallOptions } from '../mcp-client-options.interface.js';

/** What the skills calls need of the client: its typed `request()`. */
export interface SkillsRequester {
  request(
    method: 'skills/list',
    params: { cursor?: string },
    options?: McpCallOptions,
  ): Promise<ListSkillsResult>;
  request(
    method: 'skills/get',
    params: { uri: string },
    options?: McpCallOptions,
  ): Promise<GetSkillResult>;
}

/**
 * The server's skills (Skills extension, SEP-2640), as `McpClient.skills`: entries listed and
 * fetched in either era; a file is then read with `readResource(uri)`. A server that did not
 * declare the extension answers `-32601`.
 */
export class McpClientSkills {
  constructor(private readonly client: SkillsRequester) {}

  /** One page of `skills/list`. */
  list(cursor?: string, options?: McpCallOptions): Promise<ListSkillsResult> {
    return this.client.request('skills/list', cursor === undefined ? {} : { cursor }, options);
  }

  /** Every skill entry, walking the pages. */
  async listAll(options?: McpCallOptions): Promise<Skill[]> {
    const all: Skill[] = [];
    let cursor: string | undefined;
    do {
      const page = await this.list(cursor, options);
      all.push(...page.skills);
      cursor = page.nextCursor;
    } while (cursor !== undefined);
    return all;
  }

  /** The entry of the skill whose `SKILL.md` is at `uri` (`-32602` when none is served there). */
  async get(uri: string, options?: McpCallOptions): Promise<Skill> {
    return (await this.client.request('skills/get', { uri }, options)).skill;
  }
}
