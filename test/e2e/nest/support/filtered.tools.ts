import {
  BadRequestException,
  Catch,
  ConflictException,
  ForbiddenException,
  Injectable,
  InternalServerErrorException,
  NotFoundException,
  UseFilters,
  type ArgumentsHost,
  type ExceptionFilter,
} from '@nestjs/common';
import { z } from 'zod';
import {
  ErrorCode,
  McpError,
  Prompt,
  Resource,
  ResourceTemplate,
  Tool,
  toolError,
  McpExecutionContext,
} from '../../../../lib/index.js';

/** A domain error: an inventory item does not exist. */
export class ItemMissingError extends Error {
  constructor(readonly item: string) {
    super(`No item ${item}`);
  }
}

/** A domain error: the caller used up their quota. */
export class QuotaExceededError extends Error {}

/** Maps a missing item to the MCP "resource not found" error (-32002), with the URI. */
@Catch(ItemMissingError)
export class ItemMissingFilter implements ExceptionFilter {
  catch(error: ItemMissingError, host: ArgumentsHost): never {
    const { mcp } = McpExecutionContext.create(host);
    throw new McpError(ErrorCode.ResourceNotFound, `Resource not found: item ${error.item}`, {
      method: mcp.method,
    });
  }
}

/** Turns a quota error into a friendly tool result (what the model reads). */
@Catch(QuotaExceededError)
export class QuotaFilter implements ExceptionFilter {
  catch(): unknown {
    return toolError('Quota exceeded: try again tomorrow');
  }
}

/** A global filter (`APP_FILTER`): a conflict in an MCP call becomes a normal answer. */
@Catch(ConflictException)
export class ConflictFilter implements ExceptionFilter {
  catch(error: ConflictException, host: ArgumentsHost): unknown {
    if (host.getType<string>() !== 'mcp') throw error;
    return `already done (${error.message})`;
  }
}

/** Handlers that throw, with and without filters. */
@Injectable()
export class ThrowingTools {
  @UseFilters(QuotaFilter)
  @Tool({ description: 'Always over quota (filtered)' })
  expensive() {
    throw new QuotaExceededError('quota');
  }

  @Tool({ description: 'Throws a conflict (global filter)' })
  create_twice() {
    throw new ConflictException('item exists');
  }

  @Tool({ description: 'Throws NotFoundException', inputSchema: { city: z.string() } })
  weather({ city }: { city: string }) {
    throw new NotFoundException(`No weather for ${city}`);
  }

  @Tool({ description: 'Throws an McpError' })
  strict() {
    throw McpError.invalidParams('strict refuses everything');
  }

  @Prompt({ description: 'Throws by kind', arguments: [{ name: 'kind', required: true }] })
  failing({ kind }: { kind: string }) {
    if (kind === 'bad-request') throw new BadRequestException('the topic is unclear');
    if (kind === 'forbidden') throw new ForbiddenException('not for you');
    if (kind === 'server') throw new InternalServerErrorException('db password is hunter2');
    if (kind === 'zod') z.object({ topic: z.string().min(3) }).parse({ topic: 'x' });
    throw new Error('secret internals: connection string postgres://u:p@db');
  }

  @UseFilters(ItemMissingFilter)
  @ResourceTemplate({ uriTemplate: 'shop://items/{item}', name: 'item', mimeType: 'text/plain' })
  item({ item }: Record<string, string | string[]>) {
    if (item !== 'apple') throw new ItemMissingError(String(item));
    return 'a red apple';
  }

  @Resource({ uri: 'shop://broken', name: 'broken', mimeType: 'text/plain' })
  broken() {
    throw new Error('disk on fire');
  }
}
