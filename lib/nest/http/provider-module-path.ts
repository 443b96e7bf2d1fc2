import type { Type } from '@nestjs/common';
import { MODULE_PATH } from '@nestjs/common/constants.js';
import type { ModulesContainer } from '@nestjs/core';

/**
 * The `RouterModule` path of the module whose provider `token` is `instance`, if any: the prefix
 * Nest's router puts before the controllers of that module (so a provider that serves or matches
 * the module's endpoint paths itself resolves them as the router does).
 */
export function routerModulePathOf(
  modules: ModulesContainer,
  token: Type<unknown>,
  instance: unknown,
): string | undefined {
  for (const moduleRef of modules.values()) {
    if (moduleRef.providers.get(token)?.instance !== instance) continue;
    const { metatype } = moduleRef;
    return (Reflect.getMetadata(MODULE_PATH + modules.applicationId, metatype) ??
      Reflect.getMetadata(MODULE_PATH, metatype)) as string | undefined;
  }
  return undefined;
}
