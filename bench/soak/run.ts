import { setTimeout as sleep } from 'node:timers/promises';
import { startSoakApp } from './soak-app.js';
import { closeSession, echo, openSession, pool } from './soak-client.js';
import { disconnectAndResume } from './sse-resume.js';

/**
 * The soak (`npm run soak`, not in CI): abandoned sessions, forced SSE disconnects with
 * resumption, many calls on one session and on fresh sessions, printing what is left afterwards.
 * Counts from the environment for a quick run: SOAK_SESSIONS (10 000), SOAK_DISCONNECTS (1000),
 * SOAK_CALLS (100 000, on one session and again on fresh ones), SOAK_IDLE_MS (3000).
 */
const count = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const SESSIONS = count('SOAK_SESSIONS', 10_000);
const DISCONNECTS = count('SOAK_DISCONNECTS', 1000);
const CALLS = count('SOAK_CALLS', 100_000);
const IDLE_MS = count('SOAK_IDLE_MS', 3000);
const CONCURRENCY = 32;

const gc = (globalThis as { gc?: () => void }).gc;
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

async function figures(label: string, server: Awaited<ReturnType<typeof startSoakApp>>['server']) {
  gc?.();
  await sleep(10);
  gc?.();
  const { heapUsed, rss } = process.memoryUsage();
  const handles = process.getActiveResourcesInfo();
  const timers = handles.filter((h) => h === 'Timeout').length;
  const { sessions, inFlight, refused } = server.stats();
  const refusals = Object.values(refused).reduce((a, b) => a + b, 0);
  console.log(
    `${label.padEnd(34)} sessions ${String(sessions).padStart(6)}  in flight ${inFlight}  ` +
      `ref'd timers ${String(timers).padStart(4)}  handles ${String(handles.length).padStart(5)}  ` +
      `heap ${mib(heapUsed).padStart(10)}  rss ${mib(rss).padStart(10)}  refused ${refusals}`,
  );
}

async function main(): Promise<void> {
  if (!gc) console.log('(run with node --expose-gc for heap figures after GC)');
  const soak = await startSoakApp(SESSIONS, IDLE_MS);
  const { url, server } = soak;
  console.log(
    `soak: ${SESSIONS} abandoned sessions, ${DISCONNECTS} forced SSE disconnects, ${CALLS} calls x2 (idle expiry ${IDLE_MS} ms)`,
  );
  await figures('start', server);

  await pool(SESSIONS, CONCURRENCY, () => openSession(url).then(() => undefined));
  await figures(`after ${SESSIONS} abandoned sessions`, server);
  await sleep(IDLE_MS + 1000);
  await figures('after idle expiry', server);

  const session = await openSession(url);
  let lost = 0;
  let duplicated = 0;
  await pool(DISCONNECTS, 8, async () => {
    const outcome = await disconnectAndResume(url, session, 5);
    lost += outcome.lost;
    duplicated += outcome.duplicated;
  });
  console.log(
    `${DISCONNECTS} forced disconnects + resumption: ${DISCONNECTS * 6} events, lost ${lost}, duplicated ${duplicated}`,
  );
  await figures('after disconnects', server);

  await pool(CALLS, CONCURRENCY, () => echo(url, session));
  await closeSession(url, session);
  await figures(`after ${CALLS} calls on one session`, server);

  await pool(CALLS, CONCURRENCY, async () => {
    const fresh = await openSession(url);
    await echo(url, fresh);
    await closeSession(url, fresh);
  });
  await figures(`after ${CALLS} calls on fresh sessions`, server);

  await soak.app.close();
  await figures('after app.close()', server);
}

await main();
