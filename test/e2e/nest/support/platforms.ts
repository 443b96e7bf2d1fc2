import type { AbstractHttpAdapter } from '@nestjs/core';
import { ExpressAdapter } from '@nestjs/platform-express';
import { FastifyAdapter } from '@nestjs/platform-fastify';

/** The HTTP platforms the Nest e2e suites run on. */
export type Platform = 'express' | 'fastify';

/** Every platform, for `describe.each`. */
export const PLATFORMS: readonly Platform[] = ['express', 'fastify'];

/** A fresh adapter of the platform (Fastify with its defaults: 1 MiB body limit, its parsers). */
export function createAdapter(platform: Platform): AbstractHttpAdapter {
  return platform === 'fastify' ? new FastifyAdapter() : new ExpressAdapter();
}

/** How the Streamable HTTP endpoint is mounted: a Nest controller, or the module's `fastPath`. */
export interface EndpointMount {
  platform: Platform;
  fastPath: boolean;
}

/** Both platforms with both mounts, for `describe.each` (`%s` prints the label). */
export const ENDPOINT_MOUNTS: ReadonlyArray<[string, EndpointMount]> = PLATFORMS.flatMap(
  (platform) =>
    [false, true].map((fastPath): [string, EndpointMount] => [
      `${platform}${fastPath ? ' (fast path)' : ''}`,
      { platform, fastPath },
    ]),
);
