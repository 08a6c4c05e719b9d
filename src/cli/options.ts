// The options of each command as data: the --help text and docs/cli-and-page.md's tables are both made from these
// (scripts/reference-doc.ts), so the two cannot drift apart. The parsers (main.ts, serve.ts, record.ts) read them.
import { FORMAT_NAMES } from '../core/index.js';

/** One option of a command: how it is written and what it does. */
export interface CommandOption {
  /** As written, with its value: `--format NAME`. */
  usage: string;
  /** What it does, in one paragraph. */
  help: string;
}

/** The reader's options: `sse-reconstruct [FILE|-] [options]`. */
export const READ_OPTIONS: readonly CommandOption[] = [
  { usage: '--format NAME', help: `read the stream as this format instead of telling it from the frames: ${FORMAT_NAMES.join(', ')}` },
  { usage: '--json', help: 'print the whole result as JSON instead of the report' },
  { usage: '--frames', help: 'add the frames table to the report (index, lines, event, type, carried, time)' },
  {
    usage: '--clients',
    help: 'add what the stream is (whole, did not finish, off its documentation) and what each real client of the format does with it (openai-node, @anthropic-ai/sdk…: hands over the answer, returns part quietly, returns another answer, throws or hangs, and why; see docs/clients.md); with --json, a `clients` member',
  },
  {
    usage: '--inspect',
    help: 'read any event stream, LLM or not, as a spec client dispatches it: the events, what dispatches nothing and why, the counts, and the problems with a caret (exit status 1 when it has a problem at or above --fail-on: a note such as [DONE] passes by default)',
  },
  { usage: '--path PATH', help: "with --inspect (implied): join the string at this dotted path of each event's JSON, e.g. choices.0.delta.content (a numeric segment indexes an array)" },
  {
    usage: '--html FILE',
    help: 'also write the page with the capture and its report in it to FILE (one file that opens offline: keep it as a CI artifact); the page holds the capture whole, so a capture past 64 MiB is refused (exit status 2)',
  },
  { usage: '--open', help: 'open the page in your browser: with a capture (FILE, or - for stdin), its report (written to --html FILE, or to a temp file); with none, the empty page' },
  {
    usage: '--max-held-chars N',
    help: 'the most characters your reader holds without a blank line (default 1048576, the common 1 MiB bound); past it the stream stops with a `too large` finding. Infinity: no bound. --inspect keeps it too (inspect() itself has none)',
  },
  {
    usage: '--request FILE',
    help: 'the request that produced the capture (its JSON body, a RequestInit, or a fault server journal entry): each thing it asked that the stream does not show is a finding (see docs/request.md); a JSON schema is validated with ajv when it is installed',
  },
  { usage: '--fail-on SEVERITY', help: 'the least severe finding that makes the exit status 1: error, warning (the default: info findings such as `crlf` pass) or info (every finding fails)' },
  { usage: '--help', help: 'print this help' },
  { usage: '--version', help: 'print the version' },
];

/** `sse-reconstruct serve CAPTURE [options]`: the fault server's options as flags. */
export const SERVE_OPTIONS: readonly CommandOption[] = [
  { usage: '--port N', help: 'the port (0, the default: any free one; the URL is printed)' },
  { usage: "--route 'METHOD /path'", help: "answer only this route ('*' matches any characters); others get a 404" },
  { usage: '--chunk N|frame|piece', help: 'bytes per write, or one frame per write' },
  { usage: '--pace recorded|none', help: 'the recorded pace (default) or none' },
  { usage: '--pace-scale X', help: 'the recorded pace times X (0.5: twice as fast)' },
  { usage: '--delay-ms MS', help: 'the same pause before every frame' },
  { usage: '--ttft-ms MS --tokens-per-sec N [--jitter X]', help: "a model's pace (each frame a token)" },
  { usage: '--first-byte-delay-ms MS', help: 'wait before the status line and headers' },
  { usage: '--stall-after N [--stall-ms MS]', help: 'stall after N frames, for MS (default: until the client leaves)' },
  { usage: '--destroy-after-bytes N | --destroy-after-frames N [--destroy-how reset|close|end]', help: 'end the connection there: reset (RST, the default), close (FIN mid-body) or end (a silent end)' },
  { usage: '--status N', help: 'the status of the stream (200)' },
  { usage: "--header 'Name: value'", help: 'a header to add (repeat for more)' },
  { usage: '--error STATUS [--retry-after S] [--error-times N] [--error-message TEXT]', help: "answer with an HTTP error in the format's shape instead (the first N requests)" },
  { usage: '--heartbeat-ms MS', help: "a ': keepalive' comment whenever the stream is quiet this long" },
  { usage: '--format NAME', help: 'the format of error bodies, when the capture does not tell' },
  { usage: '--help', help: 'print this help' },
];

/** `sse-reconstruct record --upstream URL --out FILE [options]`. */
export const RECORD_OPTIONS: readonly CommandOption[] = [
  { usage: '--upstream URL', help: 'where to forward (http or https), e.g. https://api.openai.com' },
  { usage: '--out FILE', help: 'the capture to write (its folder must exist)' },
  { usage: '--port N', help: 'the port to listen on (0, the default: any free one)' },
  { usage: '--once', help: 'stop after the first answer is recorded' },
  { usage: '--help', help: 'print this help' },
];

/** `sse-reconstruct compare UPSTREAM DOWNSTREAM [options]`: did a relay carry what upstream said? */
export const COMPARE_OPTIONS: readonly CommandOption[] = [
  { usage: '--json', help: 'print the comparison as JSON (differences, both answers, summary)' },
  { usage: '--usage MODE', help: 'how token counts are compared: consistent (the default: only counts that contradict each other), exact (any count that differs), ignore' },
  { usage: '--ignore PATH', help: 'an answer path not to compare, * for any index: choices.*.citations, usage.cacheRead (repeat for more)' },
  { usage: '--ids', help: 'compare tool-call ids too (formats make them up, so by default they are not)' },
  { usage: '--format-up NAME', help: 'read UPSTREAM as this format instead of telling it from its frames' },
  { usage: '--format-down NAME', help: `read DOWNSTREAM as this format: ${FORMAT_NAMES.join(', ')}` },
  { usage: '--help', help: 'print this help' },
];

/** `sse-reconstruct conformance REPORT.json [options]`: the relay conformance kit's matrix, as text and as a page. */
export const CONFORMANCE_OPTIONS: readonly CommandOption[] = [
  {
    usage: '--html FILE',
    help: 'also write the matrix as one self-contained page to FILE (opens offline, runs no script: keep it as a CI artifact): the rules by route, the route × case grid, and each failing cell with its why, the differences, the findings on both sides and the bytes the relay sent',
  },
  { usage: '--help', help: 'print this help' },
];

/** The names a command's options take, `--stall-after` and the rest, read from how each is written. */
export function optionNames(options: readonly CommandOption[]): string[] {
  return [...new Set(options.flatMap((option) => [...option.usage.matchAll(/--([a-z][a-z-]*)/g)].map((match) => match[1] ?? '')))];
}

const WIDTH = 110;

/** The options as --help prints them: each usage, then its help wrapped beside it (or under it, when it is long). */
export function optionsHelp(options: readonly CommandOption[], column = 27): string {
  const lines: string[] = [];
  for (const { usage, help } of options) {
    const wrapped = wrap(help, WIDTH - column);
    const head = `  ${usage}`;
    if (head.length < column - 1) lines.push(head.padEnd(column) + (wrapped[0] ?? ''), ...wrapped.slice(1).map((line) => ' '.repeat(column) + line));
    else lines.push(head, ...wrapped.map((line) => ' '.repeat(column) + line));
  }
  return lines.join('\n');
}

function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line !== '' && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line === '' ? word : `${line} ${word}`;
  }
  if (line !== '') lines.push(line);
  return lines;
}
