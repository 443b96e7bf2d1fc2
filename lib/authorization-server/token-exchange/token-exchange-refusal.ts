/** The OAuth error codes a token exchange is refused with (RFC 8693 §2.2.2, RFC 6749 §5.2). */
export type TokenExchangeErrorCode =
  'invalid_request' | 'invalid_target' | 'invalid_scope' | 'invalid_grant';

/** A refused token exchange: `error` is the OAuth error code, the message its description. */
export class TokenExchangeRefusal extends Error {
  constructor(
    readonly error: TokenExchangeErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'TokenExchangeRefusal';
  }
}

/** The engine's OAuth error classes the grant answers with. */
export type TokenExchangeErrors = Record<
  'InvalidRequest' | 'InvalidTarget' | 'InvalidScope' | 'InvalidGrant',
  new (description?: string) => Error
>;
