/** Options of `StdioClientTransport`: the server process to launch and how to talk to it. */
export interface StdioClientTransportOptions {
  /** Executable to run (looked up on `PATH`; no shell is involved). */
  command: string;
  /** Its arguments. */
  args?: readonly string[];
  /**
   * Environment variables, merged over {@link defaultStdioEnvironment} (a small safe subset of
   * this process's environment, never its secrets). `undefined` removes a variable.
   */
  env?: Record<string, string | undefined>;
  /** Working directory of the child. Default: this process's. */
  cwd?: string;
  /**
   * What to do with the child's stderr: `'pipe'` (default) surfaces it as `stderr$` lines,
   * `'inherit'` shares this process's stderr, `'ignore'` drops it.
   */
  stderr?: 'pipe' | 'inherit' | 'ignore';
  /**
   * Largest accepted incoming message (one stdout line, bytes); also bounds a stderr line (at most
   * 64 KiB there). Default 4 MiB.
   */
  maxMessageBytes?: number;
  /** Bound on bytes queued while the child does not read its stdin. Default 16 MiB. */
  maxBufferedBytes?: number;
  /**
   * How long `close()` waits at each step of the shutdown (stdin closed, then SIGTERM, then
   * SIGKILL), in ms. Default 2000.
   */
  closeTimeoutMs?: number;
}

const POSIX_INHERITED = ['HOME', 'LOGNAME', 'PATH', 'SHELL', 'TERM', 'USER', 'LANG', 'TMPDIR'];
const WINDOWS_INHERITED = [
  'APPDATA',
  'HOMEDRIVE',
  'HOMEPATH',
  'LOCALAPPDATA',
  'PATH',
  'PATHEXT',
  'PROCESSOR_ARCHITECTURE',
  'PROGRAMFILES',
  'SYSTEMDRIVE',
  'SYSTEMROOT',
  'TEMP',
  'TMP',
  'USERNAME',
  'USERPROFILE',
];

/**
 * The environment a launched server gets unless told otherwise: only variables needed to find
 * programs and the user's home (PATH, HOME, USER, ...), so API keys and tokens of this process
 * do not leak into third-party servers. Values that look like exported shell functions are left
 * out.
 */
export function defaultStdioEnvironment(
  source: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
): Record<string, string> {
  const env: Record<string, string> = {};
  for (const name of platform === 'win32' ? WINDOWS_INHERITED : POSIX_INHERITED) {
    const value = source[name];
    if (value === undefined || value.startsWith('()')) continue;
    env[name] = value;
  }
  return env;
}

/** The child's environment: the defaults with `overrides` applied (`undefined` deletes). */
export function buildStdioEnvironment(
  overrides: Record<string, string | undefined> = {},
  defaults: Record<string, string> = defaultStdioEnvironment(),
): Record<string, string> {
  const env = { ...defaults };
  for (const [name, value] of Object.entries(overrides)) {
    if (value === undefined) delete env[name];
    else env[name] = value;
  }
  return env;
}
