import type { PrimitiveOptions } from './definitions.interface.js';

// Descriptor fields every primitive shares, present only when set. Split in two so that each
// descriptor keeps the spec's field order: names first, icons and _meta last.

/** The leading shared fields: `title`, `description`. */
export function describeNames(options: PrimitiveOptions): Record<string, unknown> {
  return {
    ...(options.title !== undefined && { title: options.title }),
    ...(options.description !== undefined && { description: options.description }),
  };
}

/** The trailing shared fields: `icons`, `_meta`. */
export function describeExtras(options: PrimitiveOptions): Record<string, unknown> {
  return {
    ...(options.icons && { icons: options.icons }),
    ...(options._meta && { _meta: options._meta }),
  };
}
