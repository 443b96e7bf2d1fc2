import { McpServer } from '../lib/index.js';

/**
 * Heap bytes per idle 2025-era session, and per session that registered one tool of its own
 * (per-session components). Run: `npm run build && node --expose-gc dist/bench/session-components-memory.js`.
 */
const COUNT = 10_000;

function heapAfterGc(): number {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('Run with node --expose-gc');
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}

const server = new McpServer({ name: 'memory', version: '1.0.0' });
server.registerTool({ name: 'echo' }, () => 'echo');
const sessions = [];
const start = heapAfterGc();
for (let i = 0; i < COUNT; i++) {
  const session = server.core.createSession(`session-${i}`, 'streamable-http');
  session.initialized = true;
  sessions.push(session);
}
const idle = heapAfterGc();
for (const session of sessions) session.components.registerTool({ name: 'own' }, () => 'own');
const unlocked = heapAfterGc();
console.log(`${COUNT} sessions`);
console.log(`idle session: ${((idle - start) / COUNT).toFixed(0)} B heap`);
console.log(`one own tool: ${((unlocked - idle) / COUNT).toFixed(0)} B heap more per session`);
console.log(`(kept ${sessions.length} sessions alive)`);
