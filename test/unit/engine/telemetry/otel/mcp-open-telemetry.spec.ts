import diagnostics from 'node:diagnostics_channel';
import { McpChannels } from '../../../../../lib/engine/telemetry/mcp-channels.js';
import {
  errorType,
  metricAttributes,
  spanAttributes,
  spanName,
} from '../../../../../lib/engine/telemetry/otel/otel-attributes.js';
import { McpOpenTelemetry } from '../../../../../lib/engine/telemetry/otel/mcp-open-telemetry.js';
import { isTraced } from '../../../../../lib/engine/telemetry/trace-operation.js';
import { McpError } from '../../../../../lib/errors/mcp.error.js';

const traced = (name: string) => isTraced(diagnostics.tracingChannel(name));

describe('McpOpenTelemetry', () => {
  it('subscribes on enable() and leaves every channel without subscribers on disable()', async () => {
    const otel = await McpOpenTelemetry.create();
    expect(traced(McpChannels.serverRequest)).toBe(false);
    otel.enable();
    otel.enable(); // idempotent
    expect(otel.enabled).toBe(true);
    expect(traced(McpChannels.serverRequest)).toBe(true);
    expect(traced(McpChannels.clientRequest)).toBe(true);
    expect(traced(McpChannels.serverToClientRequest)).toBe(true);
    expect(diagnostics.hasSubscribers(McpChannels.sessionOpen)).toBe(true);
    otel.disable();
    expect(otel.enabled).toBe(false);
    for (const name of [
      McpChannels.serverRequest,
      McpChannels.clientRequest,
      McpChannels.serverToClientRequest,
    ])
      expect(traced(name)).toBe(false);
    expect(diagnostics.hasSubscribers(McpChannels.sessionOpen)).toBe(false);
  });

  it('subscribes only what is asked for (tracing off: no server-to-client spans, metrics on)', async () => {
    const otel = await McpOpenTelemetry.create({ tracing: false });
    otel.enable();
    try {
      expect(traced(McpChannels.serverToClientRequest)).toBe(false);
      expect(traced(McpChannels.serverRequest)).toBe(true); // durations
    } finally {
      otel.disable();
    }
  });
});

describe('MCP semantic convention attributes', () => {
  it('names spans by method and tool or prompt, never by resource URI', () => {
    expect(spanName({ method: 'tools/call', toolName: 'get_weather' })).toBe(
      'tools/call get_weather',
    );
    expect(spanName({ method: 'prompts/get', promptName: 'greet' })).toBe('prompts/get greet');
    expect(spanName({ method: 'resources/read', resourceUri: 'file:///a' })).toBe('resources/read');
  });

  it('records tool, operation, revision and network attributes; ids only on spans', () => {
    const facts = {
      method: 'tools/call',
      toolName: 'x',
      protocolVersion: '2025-11-25',
      transport: 'stdio' as const,
      sessionId: 's1',
      requestId: 7,
    };
    expect(metricAttributes(facts)).toEqual({
      'mcp.method.name': 'tools/call',
      'gen_ai.tool.name': 'x',
      'gen_ai.operation.name': 'execute_tool',
      'mcp.protocol.version': '2025-11-25',
      'network.transport': 'pipe',
    });
    expect(spanAttributes(facts)).toMatchObject({
      'mcp.session.id': 's1',
      'jsonrpc.request.id': '7',
    });
    expect(metricAttributes({ method: 'ping', transport: 'websocket' })).toMatchObject({
      'network.transport': 'tcp',
      'network.protocol.name': 'websocket',
    });
    expect(metricAttributes({ method: 'ping', transport: 'in-memory' })).toEqual({
      'mcp.method.name': 'ping',
    });
  });

  it('derives error.type from the JSON-RPC code, a tool error or the error class', () => {
    expect(errorType({})).toBeUndefined();
    expect(errorType({ error: McpError.invalidParams('x') })).toBe('-32602');
    expect(errorType({ isError: true })).toBe('tool_error');
    expect(errorType({ error: new TypeError('x') })).toBe('TypeError');
    expect(errorType({ error: 'string' })).toBe('_OTHER');
  });
});
