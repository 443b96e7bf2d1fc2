#!/usr/bin/env node
import { runCli } from './program.js';

// The `nestjs-mcp` bin. The exit code is set, not forced, so output is flushed first; streams
// still open (a stdio server being shut down) are closed by the CLI before it resolves.
runCli(process.argv.slice(2), {
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: process.stderr,
}).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`error: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
