import { loadOptionalPeer } from '../../engine/load-optional-peer.js';

/** The `typeorm` members the SQL stores build their schema from. */
export type TypeormModule = typeof import('typeorm');

let loaded: Promise<TypeormModule> | undefined;

/**
 * Loads the optional peer `typeorm` on first use (entities, migration), so an app without SQL
 * stores never needs it; the stores themselves only use the app's `DataSource`.
 * @throws Error naming the package to install when `typeorm` is missing.
 */
export function loadTypeorm(): Promise<TypeormModule> {
  loaded ??= loadOptionalPeer<TypeormModule & { default?: TypeormModule }>(
    'typeorm',
    'The SQL stores',
  ).then(
    (module) => (module.Table === undefined && module.default ? module.default : module),
    (error: unknown) => {
      loaded = undefined;
      throw error;
    },
  );
  return loaded;
}
