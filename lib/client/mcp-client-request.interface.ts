import type { ClientRequestMethod, ClientRequestParamsOf } from '../protocol/schema/index.js';
import type { McpCallOptions } from './mcp-client-options.interface.js';

/**
 * The client → server methods `request()` sends: every one but `initialize`, which the client
 * performs itself on connect.
 */
export type McpClientRequestMethod = Exclude<ClientRequestMethod, 'initialize'>;

/**
 * A method name `request()` sends as given (a vendor's, e.g. `acme/search`): any name that is not
 * a spec client request, so a spec method is always held to its own params (`tools/call` without
 * a name does not compile through the open overload).
 */
export type VendorMethod<V extends string> = V extends ClientRequestMethod ? never : V;

/**
 * The arguments after the method name of `request(method, ...)`: the params (required when the
 * method requires them), then per-call options.
 */
export type McpRequestArgs<M extends McpClientRequestMethod> =
  undefined extends ClientRequestParamsOf<M>
    ? [params?: ClientRequestParamsOf<M>, options?: McpCallOptions]
    : [params: ClientRequestParamsOf<M>, options?: McpCallOptions];
