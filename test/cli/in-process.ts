// Runs the command line in this process (no child per case): its stdin is the input given, its stdout and stderr
// are collected. The process's own environment is not used: only `env` is.
import { Readable, Writable } from 'node:stream';
import { runCommandLine } from '../../src/cli/main.js';

export interface InProcessRun {
  status: number;
  stdout: string;
  stderr: string;
}

export interface InProcessOptions {
  /** What stdin carries: text, bytes, or a stream (a generated large input). */
  input?: string | Uint8Array | Readable;
  env?: Record<string, string>;
  /** Whether stdout claims to be a terminal. */
  tty?: boolean;
}

function collector(): { stream: Writable; text: () => string } {
  const parts: string[] = [];
  const stream = new Writable({
    decodeStrings: false,
    write(chunk: string | Buffer, _encoding, done) {
      parts.push(typeof chunk === 'string' ? chunk : chunk.toString('utf8'));
      done();
    },
  });
  return { stream, text: () => parts.join('') };
}

export async function runInProcess(args: string[], options: InProcessOptions = {}): Promise<InProcessRun> {
  const input = options.input ?? '';
  const stdin = input instanceof Readable ? input : Readable.from(input.length === 0 ? [] : [typeof input === 'string' ? Buffer.from(input) : input]);
  const stdout = collector();
  const stderr = collector();
  const out = Object.assign(stdout.stream, { isTTY: options.tty === true });
  const status = await runCommandLine(args, { stdin, stdout: out, stderr: stderr.stream, env: options.env ?? {} });
  return { status, stdout: stdout.text(), stderr: stderr.text() };
}
