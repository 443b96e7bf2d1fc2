import 'reflect-metadata';
import { z } from 'zod';
import {
  Prompt,
  Resource,
  ResourceTemplate,
  Tool,
} from '../../../../lib/nest/decorators/mcp-primitives.decorator.js';
import {
  MCP_PROMPT_METADATA,
  MCP_RESOURCE_METADATA,
  MCP_RESOURCE_TEMPLATE_METADATA,
  MCP_TOOL_METADATA,
} from '../../../../lib/nest/mcp.constants.js';

const inputSchema = { q: z.string() };

class Decorated {
  @Tool({ description: 'Search', inputSchema })
  search() {
    return 'x';
  }

  @Tool()
  bare() {
    return 'x';
  }

  @Prompt({ name: 'p' })
  prompt() {
    return 'x';
  }

  @Resource({ uri: 'file:///r' })
  resource() {
    return 'x';
  }

  @ResourceTemplate({ uriTemplate: 'u://{id}' })
  template() {
    return 'x';
  }

  plain() {
    return 'x';
  }
}

const meta = (key: string, method: keyof Decorated) =>
  Reflect.getMetadata(key, Decorated.prototype[method]) as unknown;

describe('MCP method decorators', () => {
  it('store their options under namespaced keys on the method', () => {
    expect(meta(MCP_TOOL_METADATA, 'search')).toEqual({ description: 'Search', inputSchema });
    expect(meta(MCP_PROMPT_METADATA, 'prompt')).toEqual({ name: 'p' });
    expect(meta(MCP_RESOURCE_METADATA, 'resource')).toEqual({ uri: 'file:///r' });
    expect(meta(MCP_RESOURCE_TEMPLATE_METADATA, 'template')).toEqual({ uriTemplate: 'u://{id}' });
  });

  it('default @Tool() options to {} so the marker is still present', () => {
    expect(meta(MCP_TOOL_METADATA, 'bare')).toEqual({});
  });

  it('leave undecorated methods and other kinds alone', () => {
    expect(meta(MCP_TOOL_METADATA, 'plain')).toBeUndefined();
    expect(meta(MCP_PROMPT_METADATA, 'search')).toBeUndefined();
  });

  it('use distinct keys', () => {
    expect(
      new Set([
        MCP_TOOL_METADATA,
        MCP_PROMPT_METADATA,
        MCP_RESOURCE_METADATA,
        MCP_RESOURCE_TEMPLATE_METADATA,
      ]).size,
    ).toBe(4);
  });

  it('throw when one decorator is applied twice to a method, naming the method', () => {
    const defineTwice = () => {
      class Twice {
        @Tool({ name: 'second' })
        @Tool({ name: 'first' })
        run() {
          return 'x';
        }
      }
      return Twice;
    };
    expect(defineTwice).toThrow('Twice#run: @Tool is applied twice');

    const templateTwice = () => {
      class Pages {
        @ResourceTemplate({ uriTemplate: 'a://{x}' })
        @ResourceTemplate({ uriTemplate: 'b://{x}' })
        page() {
          return 'x';
        }
      }
      return Pages;
    };
    expect(templateTwice).toThrow('Pages#page: @ResourceTemplate is applied twice');
  });

  it('allow different kinds on one method', () => {
    class Both {
      @Tool({ name: 't' })
      @Prompt({ name: 'p' })
      run() {
        return 'x';
      }
    }
    expect(Reflect.getMetadata(MCP_TOOL_METADATA, Both.prototype.run)).toEqual({ name: 't' });
    expect(Reflect.getMetadata(MCP_PROMPT_METADATA, Both.prototype.run)).toEqual({ name: 'p' });
  });
});
