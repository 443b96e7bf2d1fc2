/** Imports `jose`: a native `import()` in the ESM build, a `require` in the CommonJS build. */
const importJose = () => import('jose');

/** The `jose` module (JWT signing and verification, JWK import/export, key generation). */
export type Jose = Awaited<ReturnType<typeof importJose>>;

let loaded: Promise<Jose> | undefined;

/**
 * Loads `jose` on first use, so only an app that signs or verifies something (a DPoP proof, a
 * client assertion, a JWT access token) loads it. `jose` is ESM-only: the CommonJS build needs a Node that can `require`
 * ESM (20.19+, 22.12+).
 */
export function loadJose(): Promise<Jose> {
  loaded ??= importJose().catch((error: unknown) => {
    loaded = undefined;
    throw error;
  });
  return loaded;
}
