import { Injectable } from '@nestjs/common';
import { z } from 'zod';
import { McpContext, McpError, text, Tool, toolError, type Mcp } from '../../../lib/index.js';

/** `action=<action>, content=<JSON>`: how the fixture reports an elicitation answer. */
function describeAnswer(answer: Mcp.ElicitResult): string {
  return `action=${answer.action}, content=${JSON.stringify(answer.content ?? {})}`;
}

/** Sends the elicitation; a client without the capability yields an `isError` result. */
async function elicitOrError(
  ctx: McpContext,
  params: Mcp.ElicitRequestParams,
  format: (answer: Mcp.ElicitResult) => string,
) {
  try {
    return text(format(await ctx.elicit(params)));
  } catch (error) {
    if (error instanceof McpError) return toolError(`Elicitation failed: ${error.message}`);
    throw error;
  }
}

/** The conformance fixture's elicitation tools (§5.3: basic form, SEP-1034 defaults, SEP-1330 enums). */
@Injectable()
export class FixtureElicitationTools {
  /** Asks for a username and an email address with the given message. */
  @Tool({
    name: 'test_elicitation',
    description: 'Tests server-initiated elicitation (user input request)',
    inputSchema: { message: z.string().describe('The message to show the user') },
  })
  elicitation({ message }: { message: string }, ctx: McpContext) {
    return elicitOrError(
      ctx,
      {
        message,
        requestedSchema: {
          type: 'object',
          properties: {
            username: { type: 'string', description: "User's response" },
            email: { type: 'string', description: "User's email address" },
          },
          required: ['username', 'email'],
        },
      },
      (answer) => `User response: ${describeAnswer(answer)}`,
    );
  }

  /** Requests a form whose primitive fields all carry defaults (SEP-1034). */
  @Tool({
    name: 'test_elicitation_sep1034_defaults',
    description: 'Tests elicitation with default values for all primitive types (SEP-1034)',
  })
  sep1034Defaults(_args: unknown, ctx: McpContext) {
    return elicitOrError(
      ctx,
      {
        message: 'Please review and update the form fields with defaults',
        requestedSchema: {
          type: 'object',
          properties: {
            name: { type: 'string', description: 'User name', default: 'John Doe' },
            age: { type: 'integer', description: 'User age', default: 30 },
            score: { type: 'number', description: 'User score', default: 95.5 },
            status: {
              type: 'string',
              description: 'User status',
              enum: ['active', 'inactive', 'pending'],
              default: 'active',
            },
            verified: { type: 'boolean', description: 'Verification status', default: true },
          },
          required: [],
        },
      },
      (answer) => `Elicitation completed: ${describeAnswer(answer)}`,
    );
  }

  /** Requests a form with every enum variant: untitled, titled, legacy, single and multi select (SEP-1330). */
  @Tool({
    name: 'test_elicitation_sep1330_enums',
    description: 'Tests elicitation with enum schema variants (SEP-1330)',
  })
  sep1330Enums(_args: unknown, ctx: McpContext) {
    return elicitOrError(
      ctx,
      {
        message: 'Please select options from the enum fields',
        requestedSchema: {
          type: 'object',
          properties: {
            untitledSingle: { type: 'string', enum: ['option1', 'option2', 'option3'] },
            titledSingle: {
              type: 'string',
              oneOf: [
                { const: 'value1', title: 'First Option' },
                { const: 'value2', title: 'Second Option' },
                { const: 'value3', title: 'Third Option' },
              ],
            },
            legacyEnum: {
              type: 'string',
              enum: ['opt1', 'opt2', 'opt3'],
              enumNames: ['Option One', 'Option Two', 'Option Three'],
            },
            untitledMulti: {
              type: 'array',
              minItems: 1,
              maxItems: 3,
              items: { type: 'string', enum: ['option1', 'option2', 'option3'] },
            },
            titledMulti: {
              type: 'array',
              minItems: 1,
              maxItems: 3,
              items: {
                anyOf: [
                  { const: 'value1', title: 'First Choice' },
                  { const: 'value2', title: 'Second Choice' },
                  { const: 'value3', title: 'Third Choice' },
                ],
              },
            },
          },
          required: [],
        },
      },
      (answer) => `Elicitation completed: ${describeAnswer(answer)}`,
    );
  }
}
