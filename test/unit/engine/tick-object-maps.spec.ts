import { heldTickObject, keepTickObjectMaps } from '../../../lib/engine/tick-object-maps.js';

const descriptions = (value: object | undefined) =>
  Object.getOwnPropertySymbols(value ?? {}).map((symbol) => symbol.description);

describe('keepTickObjectMaps', () => {
  it("holds one of process.nextTick's tick objects, and only one however often it is called", async () => {
    keepTickObjectMaps();
    await new Promise((resolve) => process.nextTick(resolve));
    const held = heldTickObject();
    // Node's tick object: its async id and trigger id under two symbols, its callback.
    expect(descriptions(held)).toEqual(
      expect.arrayContaining(['async_id_symbol', 'trigger_async_id_symbol']),
    );
    expect(held).toHaveProperty('callback', expect.any(Function));

    keepTickObjectMaps();
    await new Promise((resolve) => process.nextTick(resolve));
    expect(heldTickObject()).toBe(held);
  });
});
