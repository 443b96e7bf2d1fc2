/** Grant types, assertion types and token types of the OAuth extensions (RFC 7523, RFC 8693). */
export const OAuthUrn = {
  /** RFC 7523 §2.1: the JWT bearer authorization grant. */
  jwtBearerGrant: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
  /** RFC 8693 §2.1: token exchange. */
  tokenExchangeGrant: 'urn:ietf:params:oauth:grant-type:token-exchange',
  /** RFC 7523 §2.2: a JWT as client authentication (`client_assertion_type`). */
  jwtClientAssertion: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
  /** RFC 8693 §3: an OpenID Connect ID token as the subject token. */
  idTokenType: 'urn:ietf:params:oauth:token-type:id_token',
  /** Identity Assertion JWT Authorization Grant (ID-JAG), the token the IdP issues. */
  idJagTokenType: 'urn:ietf:params:oauth:token-type:id-jag',
} as const;
