import 'reflect-metadata';
import { Reflector } from '@nestjs/core';
import { Prompt, Tool } from '../../../../lib/nest/decorators/mcp-primitives.decorator.js';
import { McpMetadataAccessor } from '../../../../lib/nest/discovery/mcp-metadata.accessor.js';

class Mixed {
  @Tool({ name: 'both-tool' })
  @Prompt({ name: 'both-prompt' })
  both() {
    return 'x';
  }

  @Tool()
  onlyTool() {
    return 'x';
  }

  none() {
    return 'x';
  }
}

describe('McpMetadataAccessor', () => {
  const accessor = new McpMetadataAccessor(new Reflector());

  it('returns every MCP primitive declared on a method, tagged by kind', () => {
    expect(accessor.getMetadata(Mixed.prototype.both)).toEqual([
      { kind: 'tool', options: { name: 'both-tool' } },
      { kind: 'prompt', options: { name: 'both-prompt' } },
    ]);
    expect(accessor.getMetadata(Mixed.prototype.onlyTool)).toEqual([{ kind: 'tool', options: {} }]);
  });

  it('returns nothing for an undecorated method', () => {
    expect(accessor.getMetadata(Mixed.prototype.none)).toEqual([]);
  });
});
