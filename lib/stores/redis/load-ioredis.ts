import { isMissingPackage } from '../../engine/missing-package.js';

/** Imports `ioredis`: a native `import()` in the ESM build, a `require` in the CommonJS build. */
const importIoredis = () => import('ioredis');

type IoredisModule = Awaited<ReturnType<typeof importIoredis>>;

/** The `ioredis` client class. */
export type RedisClass = IoredisModule['Redis'];
/** The `ioredis` Redis Cluster class. */
export type ClusterClass = IoredisModule['Cluster'];
/**
 * One `ioredis` connection: a `Redis`, or a `Cluster` typed as one (both have the same command
 * methods; a Cluster routes each command to the node of its key's slot).
 */
export type RedisClient = InstanceType<RedisClass>;

/** The classes the stores build connections from. */
export interface IoredisClasses {
  readonly Redis: RedisClass;
  readonly Cluster: ClusterClass;
}

let loaded: Promise<IoredisClasses> | undefined;

/**
 * Loads the optional peer `ioredis` on first use, so an app without Redis never needs it.
 * @throws Error naming the package to install when `ioredis` is missing.
 */
export function loadIoredis(): Promise<IoredisClasses> {
  loaded ??= importIoredis().then(
    (module) => {
      const root = (module as unknown as { default?: Partial<IoredisClasses> }).default;
      return {
        Redis: module.Redis ?? (root as unknown as RedisClass),
        Cluster: module.Cluster ?? root!.Cluster!,
      };
    },
    (error: unknown) => {
      loaded = undefined;
      if (!isMissingPackage(error, 'ioredis')) throw error;
      throw new Error(
        'The Redis stores need the optional peer dependency "ioredis". Install it: npm install ioredis',
        { cause: error },
      );
    },
  );
  return loaded;
}
