/**
 * True when the UTF-8 encoding of `text` is longer than `limit` bytes. Cheap far from the bound:
 * a string takes between `length` and 3 x `length` bytes, so bytes are counted only near it.
 */
export function exceedsUtf8Bytes(text: string, limit: number): boolean {
  if (text.length > limit) return true;
  return text.length * 3 > limit && Buffer.byteLength(text) > limit;
}
