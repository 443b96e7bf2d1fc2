/**
 * True when `error` says that the package `name` itself (not one of its dependencies) is not
 * installed: how the lazy loaders of optional peers (`ws`, class-validator) tell "install it"
 * from any other failure.
 */
export function isMissingPackage(error: unknown, name: string): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (code !== 'ERR_MODULE_NOT_FOUND' && code !== 'MODULE_NOT_FOUND') return false;
  return typeof message === 'string' && message.includes(`'${name}'`);
}
