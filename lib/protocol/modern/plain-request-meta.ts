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

/** The string fields of `Implementation` (`icons` is not one: it sends the meta to the schema). */
const IMPLEMENTATION_STRINGS: ReadonlySet<string> = new Set([
  'name',
  'title',
  'version',
  'description',
  'websiteUrl',
]);

/** The client-capability keys the schema describes; any other key is open (passes as is). */
const KNOWN_CAPABILITIES: ReadonlySet<string> = new Set([
  'experimental',
  'roots',
  'sampling',
  'elicitation',
  'tasks',
  'extensions',
]);

function isEmptyRecord(value: unknown): boolean {
  if (!isPlainObject(value)) return false;
  for (const key in value) if (Object.hasOwn(value, key)) return false;
  return true;
}

/** `{ name, version }` plus optional string `title`/`description`/`websiteUrl`, open otherwise. */
function isPlainImplementation(value: unknown): boolean {
  if (!isPlainObject(value)) return false;
  if (typeof value.name !== 'string' || typeof value.version !== 'string') return false;
  for (const key of Object.keys(value)) {
    if (key === 'icons') return false;
    if (IMPLEMENTATION_STRINGS.has(key) && typeof value[key] !== 'string') return false;
  }
  return true;
}

/** Capabilities whose described members are all `{}` (what most clients send per request). */
function isPlainCapabilities(value: unknown): boolean {
  if (!isPlainObject(value)) return false;
  for (const key of Object.keys(value)) {
    if (KNOWN_CAPABILITIES.has(key) && !isEmptyRecord(value[key])) return false;
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
