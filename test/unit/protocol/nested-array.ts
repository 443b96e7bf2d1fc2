/** An array nested `depth` levels deep (`[]` is one level), built without recursion. */
export function nestedArray(depth: number): unknown {
  let value: unknown = [];
  for (let i = 1; i < depth; i++) value = [value];
  return value;
}
