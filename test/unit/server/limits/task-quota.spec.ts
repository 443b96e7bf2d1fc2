import { CapacityError } from '../../../../lib/errors/capacity.error.js';
import { resolveLimits } from '../../../../lib/server/limits/limits-options.interface.js';
import { ServerLimits } from '../../../../lib/server/limits/server-limits.js';
import { TaskQuota } from '../../../../lib/server/limits/task-quota.js';

describe('TaskQuota', () => {
  const make = () => {
    const limits = new ServerLimits(resolveLimits({ maxTasksPerOwner: 2, maxTasks: 3 }));
    return { limits, quota: new TaskQuota(limits) };
  };
  let nextId = 0;
  const admit = (quota: TaskQuota, owner: string, expiresAt: number, now: number) =>
    quota.admit(owner, `t${++nextId}`, expiresAt, now);
  const refusal = async (admitted: Promise<void>) => {
    try {
      await admitted;
    } catch (error) {
      return (error as CapacityError).data.limit;
    }
    return undefined;
  };

  it('counts per owner and in total, refusing with the counted limit', async () => {
    const { limits, quota } = make();
    await admit(quota, 'a', 1000, 0);
    await admit(quota, 'a', 1000, 0);
    expect(await refusal(admit(quota, 'a', 1000, 0))).toBe('maxTasksPerOwner');
    await admit(quota, 'b', 1000, 0);
    expect(await refusal(admit(quota, 'c', 1000, 0))).toBe('maxTasks');
    expect(quota.count).toBe(3);
    expect(limits.refused).toMatchObject({ maxTasksPerOwner: 1, maxTasks: 1 });
  });

  it('frees expired tasks lazily: the owner on its next task, everyone at the total', async () => {
    const { quota } = make();
    await admit(quota, 'a', 100, 0);
    await admit(quota, 'a', 500, 0);
    await admit(quota, 'b', 100, 0);
    expect(await refusal(admit(quota, 'a', 900, 50))).toBe('maxTasks');
    await admit(quota, 'a', 900, 200); // a's first task expired at 100: a sweeps its own
    expect(quota.count).toBe(3); // b's expired task is still counted: nobody swept it
    await admit(quota, 'c', 900, 200); // at the total, everyone is swept: b's task goes
    expect(quota.count).toBe(3);
    expect(await refusal(admit(quota, 'd', 900, 200))).toBe('maxTasks');
  });
});
