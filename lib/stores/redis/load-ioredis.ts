import { isMissingPackage } from '../../engine/missing-package.js';

/** Imports `ioredis`: a native `import()` in the ESM build, a `require` in the CommonJS build. */
const importIoredis = () => import('ioredis');

/** The `ioredis` client class. */
export type RedisClass = Awaited<ReturnType<typeof importIoredis>>['Redis'];
/** One `ioredis` client. */
export type RedisClient = InstanceType<RedisClass>;

let loaded: Promise<RedisClass> | undefined;

/**
 * Loads the optional peer `ioredis` on first use, so an app without Redis never needs it.
 * @throws Error naming the package to install when `ioredis` is missing.
 */
export function loadIoredis(): Promise<RedisClass> {
  loaded ??= importIoredis().then(
    (module) => module.Redis ?? (module as unknown as { default: RedisClass }).default,
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
