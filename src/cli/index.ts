#!/usr/bin/env node
// The command line's entry: runs it on this process's arguments and streams (main.ts beside it does the work).
import { runCommandLine } from './main.js';

runCommandLine(process.argv.slice(2), { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr, env: process.env }).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`sse-reconstruct: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exitCode = 2;
  },
);
