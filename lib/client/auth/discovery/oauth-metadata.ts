import { z } from 'zod';

/** RFC 9728 Protected Resource Metadata, the fields an MCP client reads (others are kept). */
export const ProtectedResourceMetadataSchema = z.looseObject({
  resource: z.string(),
  authorization_servers: z.optional(z.array(z.string())),
  scopes_supported: z.optional(z.array(z.string())),
  bearer_methods_supported: z.optional(z.array(z.string())),
});

/** RFC 9728 Protected Resource Metadata. */
export type ProtectedResourceMetadata = z.infer<typeof ProtectedResourceMetadataSchema>;

/** RFC 8414 authorization server metadata (or OpenID Provider metadata), as a client reads it. */
export const AuthorizationServerMetadataSchema = z.looseObject({
  issuer: z.string(),
  authorization_endpoint: z.optional(z.string()),
  token_endpoint: z.optional(z.string()),
  registration_endpoint: z.optional(z.string()),
  scopes_supported: z.optional(z.array(z.string())),
  response_types_supported: z.optional(z.array(z.string())),
  grant_types_supported: z.optional(z.array(z.string())),
  token_endpoint_auth_methods_supported: z.optional(z.array(z.string())),
  token_endpoint_auth_signing_alg_values_supported: z.optional(z.array(z.string())),
  code_challenge_methods_supported: z.optional(z.array(z.string())),
  authorization_response_iss_parameter_supported: z.optional(z.boolean()),
  client_id_metadata_document_supported: z.optional(z.boolean()),
  dpop_signing_alg_values_supported: z.optional(z.array(z.string())),
});

/** RFC 8414 authorization server metadata. */
export type AuthorizationServerMetadata = z.infer<typeof AuthorizationServerMetadataSchema>;

/** A successful token endpoint answer (RFC 6749 §5.1). */
export const TokenResponseSchema = z.looseObject({
  access_token: z.string().min(1),
  token_type: z.string(),
  expires_in: z.optional(z.number()),
  refresh_token: z.optional(z.string()),
  scope: z.optional(z.string()),
});

/** A successful token endpoint answer. */
export type TokenResponse = z.infer<typeof TokenResponseSchema>;

/** An RFC 7591 registration answer, the fields a client keeps. */
export const ClientRegistrationResponseSchema = z.looseObject({
  client_id: z.string().min(1),
  client_secret: z.optional(z.string()),
  client_secret_expires_at: z.optional(z.number()),
  token_endpoint_auth_method: z.optional(z.string()),
});
