/** Percent-encoding helpers for RFC 6570 (unreserved vs reserved character sets, RFC 3986). */

const UNRESERVED = /^[A-Za-z0-9\-._~]$/;
const RESERVED = /^[:/?#[\]@!$&'()*+,;=]$/;
const HEX2 = /^[0-9A-Fa-f]{2}$/;
/** UTF-8 encoding of U+FFFD, used for lone surrogates that cannot be encoded. */
const REPLACEMENT = '%EF%BF%BD';

/**
 * Percent-encodes `value` for an expansion.
 * @param allowReserved when `true` (operators `+`, `#` and template literals) reserved characters
 *   and existing pct-encoded triplets are kept; otherwise only unreserved characters are kept.
 */
export function encodeValue(value: string, allowReserved: boolean): string {
  let out = '';
  let i = 0;
  while (i < value.length) {
    const cp = value.codePointAt(i) as number;
    const ch = String.fromCodePoint(cp);
    i += ch.length;
    if (UNRESERVED.test(ch) || (allowReserved && RESERVED.test(ch))) {
      out += ch;
    } else if (allowReserved && ch === '%' && HEX2.test(value.slice(i, i + 2))) {
      out += value.slice(i - 1, i + 2);
      i += 2;
    } else {
      out += encodeChar(ch, cp);
    }
  }
  return out;
}

function encodeChar(ch: string, cp: number): string {
  if (cp < 0x80) return `%${cp.toString(16).toUpperCase().padStart(2, '0')}`;
  try {
    return encodeURIComponent(ch);
  } catch {
    return REPLACEMENT;
  }
}

/**
 * Decodes every run of pct-encoded triplets that forms valid UTF-8; invalid runs are kept as-is.
 * `+` is NOT turned into a space (RFC 6570 encodes spaces as `%20`).
 */
export function decodeValue(value: string): string {
  if (!value.includes('%')) return value;
  return value.replace(/(?:%[0-9A-Fa-f]{2})+/g, (run) => {
    try {
      return decodeURIComponent(run);
    } catch {
      return run;
    }
  });
}
