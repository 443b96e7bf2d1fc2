import { CapacityError } from '../../../../lib/errors/capacity.error.js';
import { resolveLimits } from '../../../../lib/server/limits/limits-options.interface.js';
import { ServerLimits } from '../../../../lib/server/limits/server-limits.js';
import { TaskQuota } from '../../../../lib/server/limits/task-quota.js';

describe('TaskQuota', () => {
  const make = () => {
    const limits = new ServerLimits(resolveLimits({ maxTasksPerOwner: 2, maxTasks: 3 }));
    return { limits, quota: new TaskQuota(limits) };
  };
  const refusal = (fn: () => void) => {
    try {
      fn();
    } catch (error) {
      return (error as CapacityError).data.limit;
    }
    return undefined;
  };

  it('counts per owner and in total, refusing with the counted limit', () => {
    const { limits, quota } = make();
    quota.admit('a', 1000, 0);
    quota.admit('a', 1000, 0);
    expect(refusal(() => quota.admit('a', 1000, 0))).toBe('maxTasksPerOwner');
    quota.admit('b', 1000, 0);
    expect(refusal(() => quota.admit('c', 1000, 0))).toBe('maxTasks');
    expect(quota.count).toBe(3);
    expect(limits.refused).toMatchObject({ maxTasksPerOwner: 1, maxTasks: 1 });
  });

  it('frees expired tasks lazily: the owner on its next task, everyone at the total', () => {
    const { quota } = make();
    quota.admit('a', 100, 0);
    quota.admit('a', 500, 0);
    quota.admit('b', 100, 0);
    expect(refusal(() => quota.admit('a', 900, 50))).toBe('maxTasks');
    quota.admit('a', 900, 200); // a's first task expired at 100: a sweeps its own
    expect(quota.count).toBe(3); // b's expired task is still counted: nobody swept it
    quota.admit('c', 900, 200); // at the total, everyone is swept: b's task goes
    expect(quota.count).toBe(3);
    expect(refusal(() => quota.admit('d', 900, 200))).toBe('maxTasks');
  });
});
