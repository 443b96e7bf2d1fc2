import { splitCommandLine } from './split-command-line.js';

/** How the CLI reaches a server. `http` = Streamable HTTP falling back to legacy HTTP+SSE. */
export type TargetKind = 'http' | 'sse' | 'ws' | 'stdio';

/** A server to connect to: a URL, or a command line to launch. */
export type Target =
  | { kind: 'http' | 'sse' | 'ws'; url: URL; label: string }
  | { kind: 'stdio'; command: string; args: string[]; label: string };

const KINDS: readonly TargetKind[] = ['http', 'sse', 'ws', 'stdio'];

/** True when `value` names a transport kind. */
export function isTargetKind(value: string): value is TargetKind {
  return (KINDS as readonly string[]).includes(value);
}

function kindOfUrl(url: URL): TargetKind | undefined {
  if (url.protocol === 'http:' || url.protocol === 'https:') return 'http';
  if (url.protocol === 'ws:' || url.protocol === 'wss:') return 'ws';
  return undefined;
}

function asUrl(text: string): URL | undefined {
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) return undefined;
  try {
    return new URL(text);
  } catch {
    return undefined;
  }
}

/**
 * Reads a target: an `http(s)://` URL (Streamable HTTP, falling back to legacy HTTP+SSE), a
 * `ws(s)://` URL (WebSocket), or anything else as a command line whose stdio speaks MCP
 * (`"npx -y @modelcontextprotocol/server-everything"`). Several words are one command line.
 * `forced` (`--transport`) overrides the guess: `sse` for a legacy server without the probe.
 * @throws Error naming the target when it cannot be used as asked.
 */
export function parseTarget(words: readonly string[], forced?: TargetKind): Target {
  const text = words.join(' ').trim();
  if (text === '') throw new Error('no server given: pass a URL or a command line');
  const url = words.length === 1 ? asUrl(text) : undefined;
  const kind = forced ?? (url ? kindOfUrl(url) : 'stdio');
  if (kind === undefined)
    throw new Error(`unsupported URL scheme in ${text} (http, https, ws, wss)`);
  if (kind === 'stdio') {
    const [command, ...args] = words.length === 1 ? splitCommandLine(text) : words;
    if (!command) throw new Error('no command given for stdio');
    return { kind, command, args, label: text };
  }
  if (!url) throw new Error(`${text} is not a URL (needed for --transport ${kind})`);
  return { kind, url, label: text };
}
