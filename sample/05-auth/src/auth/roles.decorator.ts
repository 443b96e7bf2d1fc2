import { SetMetadata } from '@nestjs/common';
import type { Role } from './token-store.js';

/** Metadata key of {@link Roles}. */
export const ROLES_KEY = 'auth-sample:roles';

/**
 * The roles that may use a tool, prompt or resource (any one of them suffices). On a method or a
 * class; the method wins. Without it, every authenticated caller may.
 */
export const Roles = (...roles: Role[]) => SetMetadata(ROLES_KEY, roles);
