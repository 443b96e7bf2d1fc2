import { createHmac, timingSafeEqual } from 'node:crypto';

/** HMAC-SHA256 of `value` under `key`, base64url. */
export function sign(key: string, value: string): string {
  return createHmac('sha256', key).update(value).digest('base64url');
}

/** `<base64url JSON>.<mac>`: a value the browser carries and cannot alter. */
export function sealValue(key: string, value: unknown): string {
  const body = Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${body}.${sign(key, body)}`;
}

/** The value of {@link sealValue}, checked against every key (rotation); undefined if altered. */
export function openValue<T>(keys: readonly string[], sealed: string | undefined): T | undefined {
  if (!sealed) return undefined;
  const dot = sealed.lastIndexOf('.');
  if (dot < 0) return undefined;
  const body = sealed.slice(0, dot);
  const mac = Buffer.from(sealed.slice(dot + 1));
  for (const key of keys) {
    const expected = Buffer.from(sign(key, body));
    if (expected.length === mac.length && timingSafeEqual(expected, mac)) {
      try {
        return JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as T;
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/** Equal strings, compared in constant time. */
export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Reads one cookie from a `Cookie` header. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name)
      return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return undefined;
}
