import { connect } from 'node:net';

/** One command a Redis server reported through MONITOR. */
export interface MonitoredCommand {
  /** Who sent it: the client's `host:port`, or `lua` for a command a script ran. */
  source: string;
  /** The command's name and arguments, unescaped. */
  args: string[];
}

const ESCAPES: Record<string, string> = { n: '\n', r: '\r', t: '\t', a: '\x07', b: '\b' };

/** The quoted arguments of a MONITOR line (Redis writes each as `"..."` with C-style escapes). */
function quotedArgs(line: string, from: number): string[] {
  const args: string[] = [];
  let i = line.indexOf('"', from);
  while (i !== -1) {
    let arg = '';
    for (i++; i < line.length && line[i] !== '"'; i++) {
      if (line[i] !== '\\') {
        arg += line[i];
        continue;
      }
      const next = line[++i];
      if (next === 'x') {
        arg += String.fromCharCode(parseInt(line.slice(i + 1, i + 3), 16));
        i += 2;
      } else arg += ESCAPES[next] ?? next;
    }
    args.push(arg);
    i = line.indexOf('"', i + 1);
  }
  return args;
}

/** `+1795969741.637711 [0 127.0.0.1:57790] "get" "k"` → source and args; undefined otherwise. */
export function parseMonitorLine(line: string): MonitoredCommand | undefined {
  const open = line.indexOf(' [');
  const close = line.indexOf('] ', open);
  if (line[0] !== '+' || open === -1 || close === -1) return undefined;
  const source = line.slice(open + 2, close).split(' ')[1] ?? '';
  return { source, args: quotedArgs(line, close) };
}

/**
 * Reports every command the Redis at `url` runs, through MONITOR on a raw connection of its own.
 * (ioredis's `monitor()` enters monitor mode a microtask after MONITOR's `+OK`, so on a busy
 * server a line that arrives in the same read as the `+OK` fails with "Command queue state
 * error".) Resolves once Redis has confirmed MONITOR; the function it gives closes the connection.
 */
export function monitorRedis(
  url: string,
  onCommand: (command: MonitoredCommand) => void,
): Promise<() => void> {
  const { hostname, port } = new URL(url);
  const socket = connect(Number(port || 6379), hostname);
  socket.setEncoding('utf8');
  return new Promise((resolve, reject) => {
    let pending = '';
    let confirmed = false;
    socket.on('error', reject); // after MONITOR was confirmed, a lost connection ends the count
    socket.on('connect', () => socket.write('MONITOR\r\n'));
    socket.on('data', (chunk: string) => {
      pending += chunk;
      let end: number;
      while ((end = pending.indexOf('\r\n')) !== -1) {
        const line = pending.slice(0, end);
        pending = pending.slice(end + 2);
        if (!confirmed) {
          if (line !== '+OK') {
            socket.destroy();
            return reject(new Error(`MONITOR refused: ${line}`));
          }
          confirmed = true;
          resolve(() => socket.destroy());
          continue;
        }
        const command = parseMonitorLine(line);
        if (command) onCommand(command);
      }
    });
  });
}
