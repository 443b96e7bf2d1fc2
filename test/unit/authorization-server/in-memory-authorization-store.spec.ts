import { inMemoryAuthorizationStore } from '../../../lib/authorization-server/store/in-memory-authorization-store.js';

describe('inMemoryAuthorizationStore', () => {
  it('stores, finds by id and uid, consumes and destroys records of each model apart', async () => {
    const store = inMemoryAuthorizationStore();
    const sessions = store('Session');
    await sessions.upsert('s1', { uid: 'u1', accountId: 'github:1' }, 60);
    expect(await sessions.find('s1')).toEqual({ uid: 'u1', accountId: 'github:1' });
    expect(await sessions.findByUid('u1')).toEqual({ uid: 'u1', accountId: 'github:1' });
    expect(await store('Grant').find('s1')).toBeUndefined(); // another model

    expect(await sessions.consume('s1')).toBe(true);
    expect((await sessions.find('s1'))!.consumed).toEqual(expect.any(Number));
    expect(await sessions.consume('s1')).toBe(false); // once
    expect(await sessions.consume('absent')).toBe(false);
    await sessions.destroy('s1');
    expect(await sessions.find('s1')).toBeUndefined();
    expect(await sessions.findByUid('u1')).toBeUndefined();
  });

  it('drops expired records and revokes every record of a grant in that model', async () => {
    const store = inMemoryAuthorizationStore();
    const tokens = store('RefreshToken');
    await tokens.upsert('gone', { grantId: 'g0' }, -1);
    expect(await tokens.find('gone')).toBeUndefined();

    await tokens.upsert('a', { grantId: 'g1' }, 60);
    await tokens.upsert('b', { grantId: 'g1' }, 60);
    await tokens.upsert('c', { grantId: 'g2' }, 60);
    await store('AccessToken').upsert('a', { grantId: 'g1' }, 60);
    await tokens.revokeByGrantId('g1');
    expect(await tokens.find('a')).toBeUndefined();
    expect(await tokens.find('b')).toBeUndefined();
    expect(await tokens.find('c')).toEqual({ grantId: 'g2' });
    expect(await store('AccessToken').find('a')).toEqual({ grantId: 'g1' }); // its own call
  });

  it('keeps a copy, so later changes to the caller object do not leak in', async () => {
    const store = inMemoryAuthorizationStore();
    const payload = { grantId: 'g', scope: 'a' };
    await store('Grant').upsert('x', payload);
    payload.scope = 'changed';
    expect((await store('Grant').find('x'))!.scope).toBe('a');
  });
});
