import { FixtureElicitationTools } from './fixture-elicitation.tools.js';
import { FixtureModernTools } from './fixture-modern.tools.js';
import { FixtureMrtrTools } from './fixture-mrtr.tools.js';
import { FixturePrompts } from './fixture-prompts.js';
import { FixtureResources } from './fixture-resources.js';
import { FixtureTaskTools } from './fixture-tasks.tools.js';
import { FixtureTools } from './fixture-tools.js';

/**
 * The conformance fixture's tools, resources and prompts: served on HTTP by `AppModule`, and over
 * NATS behind a gateway by `sample/12-microservice/conformance-gateway.ts`.
 */
export const FIXTURE_PROVIDERS = [
  FixtureTools,
  FixtureElicitationTools,
  FixtureModernTools,
  FixtureMrtrTools,
  FixtureTaskTools,
  FixturePrompts,
  FixtureResources,
];

/** 2026-07-28 cache hints: lists and reads may be cached by anyone for 5 minutes. */
export const FIXTURE_CACHE = {
  lists: { ttlMs: 300_000, cacheScope: 'public' as const },
  resources: { ttlMs: 300_000, cacheScope: 'public' as const },
  discover: { ttlMs: 300_000, cacheScope: 'public' as const },
};
