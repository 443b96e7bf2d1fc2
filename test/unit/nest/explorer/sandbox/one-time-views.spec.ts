import { OneTimeViews } from '../../../../../lib/nest/explorer/sandbox/one-time-views.js';

describe('OneTimeViews', () => {
  const limits = { maxViews: 2, maxBytes: 10, ttlMs: 1000 };

  it('hands a view out once under an unguessable token', () => {
    const views = new OneTimeViews(limits);
    const token = views.put('<p>', 'csp', 0)!;
    expect(token).toMatch(/^[\w-]{24}$/);
    expect(views.take(token, 1)).toEqual(expect.objectContaining({ html: '<p>', csp: 'csp' }));
    expect(views.take(token, 2)).toBeUndefined();
    expect(views.take('other', 2)).toBeUndefined();
  });

  it('drops a view that waited past its time', () => {
    const views = new OneTimeViews(limits);
    const token = views.put('<p>', 'csp', 0)!;
    expect(views.take(token, 1000)).toBeUndefined();
  });

  it('refuses views over the count or byte bound, and frees room as views are taken or expire', () => {
    const views = new OneTimeViews(limits);
    const a = views.put('12345', 'c', 0)!;
    expect(views.put('123456', 'c', 0)).toBeUndefined(); // 11 bytes waiting > 10
    views.put('1', 'c', 0);
    expect(views.put('1', 'c', 0)).toBeUndefined(); // 2 views waiting
    views.take(a, 1);
    expect(views.put('1234', 'c', 1)).toBeDefined();
    expect(views.put('1', 'c', 5000)).toBeDefined(); // the others expired
  });
});
