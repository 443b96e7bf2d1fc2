import type { McpAuthorizationStore } from '../../lib/authorization-server/store/authorization-store.interface.js';

/**
 * The contract every {@link McpAuthorizationStore} keeps (Redis single and Cluster, PostgreSQL,
 * MariaDB), run inside a `describe`: `open` makes the store once; `consumedMarkLives`, when
 * given, checks that the consumed mark of `RefreshToken` `r1` expires with its record.
 */
export function authorizationStoreContract(
  open: () => Promise<McpAuthorizationStore>,
  consumedMarkLives?: () => Promise<void>,
): void {
  let store: McpAuthorizationStore;
  beforeAll(async () => {
    store = await open();
  });
  it('consumes a record once: of 20 concurrent calls exactly one is true', async () => {
    const codes = store('AuthorizationCode');
    await codes.upsert('c1', { grantId: 'g1', scope: 'a' }, 60);
    const answers = await Promise.all(Array.from({ length: 20 }, () => codes.consume('c1')));
    expect(answers.filter(Boolean)).toHaveLength(1);
    expect(await codes.find('c1')).toEqual({
      grantId: 'g1',
      scope: 'a',
      consumed: expect.any(Number),
    });
    expect(await codes.consume('c1')).toBe(false);
    expect(await codes.consume('absent')).toBe(false);
  });

  it('keeps the consumed mark while the record lives, and a replaced record starts unconsumed', async () => {
    const tokens = store('RefreshToken');
    await tokens.upsert('r1', { grantId: 'g2', empty: [] }, 60);
    expect(await tokens.consume('r1')).toBe(true);
    await consumedMarkLives?.();
    await tokens.upsert('r1', { grantId: 'g2', empty: [] }, 60);
    expect(await tokens.find('r1')).toEqual({ grantId: 'g2', empty: [] }); // JSON kept as written
    expect(await tokens.consume('r1')).toBe(true);
  });

  it('destroys records and revokes every record of a grant in that model', async () => {
    const tokens = store('RefreshToken');
    await tokens.upsert('a', { grantId: 'g3' }, 60);
    await tokens.upsert('b', { grantId: 'g3' }, 60);
    await tokens.upsert('c', { grantId: 'g4' }, 60);
    await tokens.consume('a');
    await tokens.revokeByGrantId('g3');
    expect(await tokens.find('a')).toBeUndefined();
    expect(await tokens.consume('a')).toBe(false);
    expect(await tokens.find('b')).toBeUndefined();
    expect(await tokens.find('c')).toEqual({ grantId: 'g4' });
    await tokens.destroy('c');
    expect(await tokens.find('c')).toBeUndefined();
  });

  it('finds sessions by uid', async () => {
    await store('Session').upsert('s1', { uid: 'u1', accountId: 'github:1' }, 60);
    expect(await store('Session').findByUid('u1')).toEqual({ uid: 'u1', accountId: 'github:1' });
  });

  it('never reads nor consumes a record past its time', async () => {
    const codes = store('AuthorizationCode');
    await codes.upsert('short', { grantId: 'g5', uid: 'u5' }, 1);
    expect(await codes.find('short')).toEqual({ grantId: 'g5', uid: 'u5' });
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(await codes.find('short')).toBeUndefined();
    expect(await codes.findByUid('u5')).toBeUndefined();
    expect(await codes.consume('short')).toBe(false);
  });

  it('keeps each model apart: same id, same grant', async () => {
    await store('Grant').upsert('same', { grantId: 'g6', kind: 'grant' }, 60);
    await store('Client').upsert('same', { kind: 'client' });
    await store('Grant').revokeByGrantId('g6');
    expect(await store('Grant').find('same')).toBeUndefined();
    expect(await store('Client').find('same')).toEqual({ kind: 'client' });
  });
}
