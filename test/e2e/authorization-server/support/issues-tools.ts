import { Injectable } from '@nestjs/common';
import { McpContext, Tool } from '../../../../lib/index.js';

/** Where {@link IssuesTools} finds the GitHub-shaped API (the upstream stand-in's origin). */
export const issuesApi = { url: '' };

/** A tool acting as the signed-in user at GitHub: lists the issues assigned to them. */
@Injectable()
export class IssuesTools {
  @Tool({ description: 'Lists my GitHub issues' })
  async my_issues(_args: unknown, ctx: McpContext) {
    const token = await ctx.auth.upstreamToken('github');
    const response = await fetch(`${issuesApi.url}/issues`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (!response.ok) throw new Error(`GitHub answered ${response.status}`);
    const issues = (await response.json()) as Array<{ title: string }>;
    return issues.map((issue) => issue.title).join('\n');
  }
}
