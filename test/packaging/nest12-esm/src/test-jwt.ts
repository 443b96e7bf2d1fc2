import { createHmac } from 'node:crypto';
import { JWT_SECRET } from './auth.js';

/** A HS256 token for `sub` signed with the app's secret, for the test suites (jest and vitest). */
export function testJwt(sub: string): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const body = `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ sub })}`;
  return `${body}.${createHmac('sha256', JWT_SECRET).update(body).digest('base64url')}`;
}
