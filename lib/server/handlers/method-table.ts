import { complete } from './completion.handlers.js';
import { initialize, ping, setLevel } from './lifecycle.handlers.js';
import type { MethodHandler } from './method-handler.interface.js';
import { getPrompt, listPrompts } from './prompts.handlers.js';
import {
  listResources,
  listResourceTemplates,
  readResource,
  subscribe,
  unsubscribe,
} from './resources.handlers.js';
import { callTool, listTools } from './tools.handlers.js';

/** Every client-to-server request method of the legacy era, mapped to its handler. Built once. */
export function createMethodTable(): ReadonlyMap<string, MethodHandler> {
  return new Map<string, MethodHandler>([
    ['initialize', initialize],
    ['ping', ping],
    ['logging/setLevel', setLevel],
    ['tools/list', listTools],
    ['tools/call', callTool],
    ['prompts/list', listPrompts],
    ['prompts/get', getPrompt],
    ['resources/list', listResources],
    ['resources/templates/list', listResourceTemplates],
    ['resources/read', readResource],
    ['resources/subscribe', subscribe],
    ['resources/unsubscribe', unsubscribe],
    ['completion/complete', complete],
  ]);
}
