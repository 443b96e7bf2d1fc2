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
