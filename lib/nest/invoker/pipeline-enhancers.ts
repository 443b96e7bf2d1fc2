import type { ExternalContextCreator } from '@nestjs/core';
import type { ExternalContextOptions } from '@nestjs/core/helpers/external-context-creator.js';

/** The part of one of Nest's enhancer context creators read here (guards, interceptors, filters). */
interface EnhancerCreator {
  create(instance: object, callback: unknown, moduleKey: string): unknown;
}

/** The part of Nest's `ApplicationConfig` read here: the request-scoped global enhancers. */
interface ScopedGlobals {
  getGlobalRequestGuards?(): unknown[];
  getGlobalRequestInterceptors?(): unknown[];
  getGlobalRequestFilters?(): unknown[];
}

/** The module key Nest's `ExternalContextCreator.create` gives a host (Nest 11 and 12). */
export function moduleKeyOf(creator: ExternalContextCreator, instance: object): string {
  const classRef = instance.constructor as Parameters<
    ExternalContextCreator['getContextModuleKey']
  >[0];
  const hostKey = Reflect.get(creator, 'getHostModuleKey') as
    ((instance: object, classRef: unknown) => string) | undefined;
  return (
    (typeof hostKey === 'function' ? hostKey.call(creator, instance, classRef) : '') ||
    creator.getContextModuleKey(classRef)
  );
}

function enhancerCount(creator: ExternalContextCreator, field: string, run: () => unknown[]) {
  const enhancers = Reflect.get(creator, field) as EnhancerCreator | undefined;
  if (typeof enhancers?.create !== 'function') throw new Error(`no ${field}`);
  return run().length;
}

/**
 * Whether Nest's pipeline for a static host's method runs any guard, interceptor or exception
 * filter (global, class or method), as `ExternalContextCreator.create` would find them at
 * bootstrap. Decided once per handler: a pipeline without any runs no code of the app but the
 * method itself, so the current-context storage need only cover the method (see
 * `wrapHandlerCallback`). Any doubt (a Nest version whose creator looks different, a
 * request-scoped global enhancer) answers true: the storage then covers the whole pipeline.
 */
export function runsEnhancers(
  creator: ExternalContextCreator,
  instance: object,
  method: unknown,
  options: ExternalContextOptions,
): boolean {
  try {
    const moduleKey = moduleKeyOf(creator, instance);
    const of = (field: string) => Reflect.get(creator, field) as EnhancerCreator;
    const config = Reflect.get(of('guardsContextCreator'), 'config') as ScopedGlobals | undefined;
    const scoped = [
      config?.getGlobalRequestGuards?.(),
      config?.getGlobalRequestInterceptors?.(),
      config?.getGlobalRequestFilters?.(),
    ];
    if (!config || scoped.some((list) => !Array.isArray(list) || list.length > 0)) return true;
    const guards =
      options.guards !== false &&
      enhancerCount(creator, 'guardsContextCreator', () => {
        return of('guardsContextCreator').create(instance, method, moduleKey) as unknown[];
      }) > 0;
    const interceptors =
      options.interceptors !== false &&
      enhancerCount(creator, 'interceptorsContextCreator', () => {
        return of('interceptorsContextCreator').create(instance, method, moduleKey) as unknown[];
      }) > 0;
    const filters =
      options.filters !== false &&
      enhancerCount(creator, 'filtersContextCreator', () => {
        const handler = of('filtersContextCreator').create(instance, method, moduleKey);
        const list = (handler as { filters?: unknown } | undefined)?.filters;
        if (!Array.isArray(list)) throw new Error('no filters list');
        return list;
      }) > 0;
    return guards || interceptors || filters;
  } catch {
    return true;
  }
}
