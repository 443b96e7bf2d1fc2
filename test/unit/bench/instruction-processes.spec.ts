import {
  combineProcesses,
  lowest,
  median,
  runPool,
  runtimeTicks,
} from '../../../bench/instruction-processes.js';

describe('bench:instructions over several processes', () => {
  it('takes the median of an odd count, the rounded mean of the middle two of an even one', () => {
    expect(median([158, 134, 140])).toBe(140);
    expect(median([5])).toBe(5);
    expect(median([4, 1, 3, 2])).toBe(3); // (2 + 3) / 2 rounded
  });

  it("keeps each process's lowest window, then the median per arm, in first-seen order", () => {
    const arms = combineProcesses([
      new Map([
        [
          'raw',
          [
            { main: 110, all: 300 },
            { main: 100, all: 320 },
          ],
        ],
        ['raw handshake', [{ main: 400, all: 500 }]],
      ]),
      new Map([['raw', [{ main: 130, all: 250 }]]]),
      new Map([
        ['raw handshake', [{ main: 380, all: 420 }]],
        ['raw', [{ main: 120, all: 260 }]],
      ]),
    ]);
    expect([...arms.keys()]).toEqual(['raw', 'raw handshake']);
    expect(arms.get('raw')).toEqual({
      median: { main: 120, all: 260 },
      processes: [
        { main: 100, all: 300 },
        { main: 130, all: 250 },
        { main: 120, all: 260 },
      ],
    });
    expect(arms.get('raw handshake')!.median).toEqual({ main: 390, all: 460 });
    expect(
      lowest([
        { main: 3, all: 9 },
        { main: 5, all: 7 },
      ]),
    ).toEqual({ main: 3, all: 7 });
  });

  it('runs at most the given number of jobs at once and returns results in job order', async () => {
    let running = 0;
    let most = 0;
    const job = (value: number, ms: number) => async () => {
      most = Math.max(most, ++running);
      await new Promise((resolve) => setTimeout(resolve, ms));
      running--;
      return value;
    };
    await expect(runPool([job(1, 30), job(2, 5), job(3, 5), job(4, 1)], 2)).resolves.toEqual([
      1, 2, 3, 4,
    ]);
    expect(most).toBe(2);
  });

  it('waits for every job to settle before rejecting with the first failure', async () => {
    let finished = false;
    const slow = async () => {
      await new Promise((resolve) => setTimeout(resolve, 30));
      finished = true;
      return 1;
    };
    const failing = () => Promise.reject(new Error('process 2 failed'));
    await expect(runPool([slow, failing], 2)).rejects.toThrow('process 2 failed');
    expect(finished).toBe(true);
  });

  it('marks a process whose windows built tick objects through the runtime, whichever window', () => {
    const figure = lowest([
      { main: 137_000, all: 142_000, runtimeLiterals: 2_592 },
      { main: 135_000, all: 143_000, runtimeLiterals: 40 },
    ]);
    expect(figure).toEqual({ main: 135_000, all: 142_000, runtimeLiterals: 2_592 });
    expect(runtimeTicks(figure)).toBe(true);
    expect(runtimeTicks({ main: 111_000, all: 120_000, runtimeLiterals: 12 })).toBe(false);
    expect(runtimeTicks({ main: 111_000, all: 120_000 })).toBe(false); // not counted
  });
});
