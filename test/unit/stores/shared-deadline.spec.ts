import { SharedDeadline } from '../../../lib/stores/shared-deadline.js';

describe('SharedDeadline', () => {
  it('fails a call left unanswered past its time, and passes answers and errors through', async () => {
    const deadline = new SharedDeadline(40);
    const frozen = deadline.within(new Promise<never>(() => undefined));
    await expect(deadline.within(Promise.resolve(7))).resolves.toBe(7);
    await expect(deadline.within(Promise.reject(new Error('refused')))).rejects.toThrow('refused');
    await expect(frozen).rejects.toThrow('no answer within 40 ms');
  });

  it('stops its sweep once nothing is pending, and starts it again for the next call', async () => {
    const deadline = new SharedDeadline(20);
    await deadline.within(Promise.resolve(1));
    await new Promise((resolve) => setTimeout(resolve, 30)); // a sweep found nothing
    expect((deadline as unknown as { sweeper?: unknown }).sweeper).toBeUndefined();
    await expect(deadline.within(new Promise<never>(() => undefined))).rejects.toThrow(
      'no answer within 20 ms',
    );
  });

  it('refuses a deadline that is not positive', () => {
    expect(() => new SharedDeadline(0)).toThrow(RangeError);
  });
});
