import { isPlainObject } from '../plain-object.js';
import { LOGGING_LEVELS } from '../schema/logging.js';
import {
  CLIENT_CAPABILITIES_META_KEY,
  CLIENT_INFO_META_KEY,
  LOG_LEVEL_META_KEY,
  PROTOCOL_VERSION_META_KEY,
} from '../schema/modern.js';

/** The log levels, as a set (built once). */
const LEVELS: ReadonlySet<unknown> = new Set<unknown>(LOGGING_LEVELS);

function isEmptyRecord(value: unknown): boolean {
  if (!isPlainObject(value)) return false;
  for (const key in value) if (Object.hasOwn(value, key)) return false;
  return true;
}

/*
 * The two walks below go over the keys with `for...in` and name them in a `switch`, with no
 * `Object.keys` array nor set lookup per key: they run on every 2026-07-28 request. `for...in`
 * also visits inherited enumerable keys, which only makes the test stricter (a false answer
 * sends the meta to the schema).
 */

/** `{ name, version }` plus optional string `title`/`description`/`websiteUrl`, open otherwise. */
function isPlainImplementation(value: unknown): boolean {
  if (!isPlainObject(value)) return false;
  if (typeof value.name !== 'string' || typeof value.version !== 'string') return false;
  for (const key in value) {
    switch (key) {
      case 'icons': // not a string field: the schema checks it
        return false;
      case 'name':
      case 'title':
      case 'version':
      case 'description':
      case 'websiteUrl':
        if (typeof value[key] !== 'string') return false;
    }
  }
  return true;
}

/** Capabilities whose described members are all `{}` (what most clients send per request). */
function isPlainCapabilities(value: unknown): boolean {
  if (!isPlainObject(value)) return false;
  for (const key in value) {
    switch (key) {
      // The client-capability keys the schema describes; any other key is open (passes as is).
      case 'experimental':
      case 'roots':
      case 'sampling':
      case 'elicitation':
      case 'tasks':
      case 'extensions':
        if (!isEmptyRecord(value[key])) return false;
    }
  }
  return true;
}

/**
 * A cheap, sufficient test that a modern request `_meta` is valid (`RequestMetaObjectSchema`
 * accepts it and would return it unchanged): a string version, capabilities whose described
 * members are `{}`, an optional plain client info, an optional known log level, an optional string
 * progress token. It answers false for anything else, which then goes through the schema (the one
 * authority on validity and on the error message): this only spares the schema walk for the
 * `_meta` a client sends on every call.
 */
export function isPlainRequestMeta(meta: Record<string, unknown>): boolean {
  if (typeof meta[PROTOCOL_VERSION_META_KEY] !== 'string') return false;
  if (!isPlainCapabilities(meta[CLIENT_CAPABILITIES_META_KEY])) return false;
  const info = meta[CLIENT_INFO_META_KEY];
  if (info !== undefined && !isPlainImplementation(info)) return false;
  const level = meta[LOG_LEVEL_META_KEY];
  if (level !== undefined && !LEVELS.has(level)) return false;
  const token = meta.progressToken;
  return token === undefined || typeof token === 'string';
}
