// Data flows one way through src/core: each rule below names a folder and what its modules may not import. The
// speed layer (fast/) sits beside the formats and the decoder, which know nothing of it. The faces reach core only
// through core/index.ts; core and the page run without Node; only the server and the command line open sockets.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const src = join(import.meta.dirname, '../../src');
const core = join(src, 'core');

function files(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? files(path) : entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** Every module a file imports, as a path relative to src/ (`core/fast/lane`). */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/(?:^|\n)\s*(?:import|export)[^'"]*?from\s+'(\.[^']+)'/g)].map((match) => relative(src, resolve(dirname(file), match[1] as string)).replace(/\.js$/, ''));
}

/** Each format's accelerator.ts, as a path relative to src/. */
const ACCELERATORS = readdirSync(join(core, 'formats'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => `core/formats/${entry.name}/accelerator.ts`);

const RULES: Array<{ folder: string; except?: string[]; mayNotImport: string[] }> = [
  { folder: 'core/decode', mayNotImport: ['core/fast', 'core/formats', 'core/pipeline', 'core/detect', 'core/judge'] },
  { folder: 'core/formats', mayNotImport: ['core/pipeline', 'core/detect', 'core/input'] },
  // Only a format's accelerator.ts, beside its assembler, reaches the speed layer's shared machinery.
  { folder: 'core/formats', except: ACCELERATORS, mayNotImport: ['core/fast'] },
  { folder: 'core/input', mayNotImport: ['core/pipeline', 'core/fast', 'core/formats', 'core/reconstruct'] },
  { folder: 'core/detect', mayNotImport: ['core/pipeline', 'core/fast', 'core/input'] },
  { folder: 'core/judge', mayNotImport: ['core/fast', 'core/formats', 'core/detect', 'core/input/live-read'] },
  { folder: 'core', mayNotImport: ['matchers', 'cli', 'server', 'faults', 'fixtures', 'arbitraries', 'web', 'conformance'] },
  { folder: 'matchers', mayNotImport: ['core/decode', 'core/input', 'core/pipeline', 'core/fast', 'core/formats', 'core/options', 'core/severity'] },
];

describe('src/core layers', () => {
  it('finds the modules', () => expect(files(core).length).toBeGreaterThan(60));

  it.each(RULES.map((rule) => [rule.folder, rule] as const))('%s imports only what flows into it', (_folder, rule) => {
    const broken = files(join(src, rule.folder))
      .filter((file) => !(rule.except ?? []).includes(relative(src, file)))
      .flatMap((file) => importsOf(file).filter((target) => rule.mayNotImport.some((banned) => target === banned || target.startsWith(`${banned}/`))).map((target) => `${relative(src, file)} → ${target}`));
    expect(broken).toEqual([]);
  });
});

/** The faces: each reaches core only through core/index.ts, which says what core offers them. */
const FACES = ['matchers', 'fixtures', 'faults', 'arbitraries', 'server', 'cli', 'web', 'runners', 'conformance'];
/** The package's entries at the top of src (the runner entries until they sit in src/runners), faces too. */
const TOP_LEVEL = readdirSync(src, { withFileTypes: true })
  .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
  .map((entry) => join(src, entry.name));

/** Every module specifier a file names: static imports and re-exports, and dynamic import() calls. */
function specifiersOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/(?:^|\n)\s*(?:import|export)[^'"]*?from\s+'([^']+)'|\bimport\(\s*'([^']+)'\s*\)/g)].map((match) => (match[1] ?? match[2]) as string);
}

const isNodeBuiltIn = (specifier: string): boolean => specifier.startsWith('node:') || builtinModules.includes(specifier);
/** Node's modules that open sockets. */
const SOCKET_MODULES = new Set(['net', 'http', 'https', 'http2', 'tls', 'dgram'].flatMap((name) => [name, `node:${name}`]));
/** The globals a browser or Node opens a connection with. */
const CONNECTING_CALLS = new Set(['fetch', 'WebSocket', 'EventSource']);

/** Where a file opens a connection through a global (`fetch(…)`, `new WebSocket(…)`), read from its syntax, not its comments. */
function connectingCalls(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if ((ts.isCallExpression(node) || ts.isNewExpression(node)) && ts.isIdentifier(node.expression) && CONNECTING_CALLS.has(node.expression.text)) {
      found.push(`${relative(src, file)}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1} ${node.expression.text}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('the faces', () => {
  const faceFiles = [...FACES.flatMap((face) => files(join(src, face))), ...TOP_LEVEL];
  it('finds the faces', () => expect(faceFiles.length).toBeGreaterThan(60));

  it('reach core only through core/index.ts', () => {
    const broken = faceFiles
      .flatMap((file) => importsOf(file).filter((target) => target.startsWith('core/') && target !== 'core/index').map((target) => `${relative(src, file)} → ${target}`));
    expect(broken).toEqual([]);
  });

  it.each(['core', 'web'])('src/%s imports no Node built-in', (folder) => {
    const broken = files(join(src, folder)).flatMap((file) => specifiersOf(file).filter(isNodeBuiltIn).map((specifier) => `${relative(src, file)} → ${specifier}`));
    expect(broken).toEqual([]);
  });

  // The conformance kit is a client of the relay it tests (fetch) and starts a relay's server it was handed.
  it('only the server, the command line and the conformance kit open sockets', () => {
    const others = files(src).filter((file) => !/^(server|cli|conformance)\//.test(relative(src, file)));
    const broken = [
      ...others.flatMap((file) => specifiersOf(file).filter((specifier) => SOCKET_MODULES.has(specifier)).map((specifier) => `${relative(src, file)} → ${specifier}`)),
      ...others.flatMap(connectingCalls),
    ];
    expect(broken).toEqual([]);
  });
});

// test/oracle is the second, independent reading of a faulted stream: it may read the package's public API and the
// faults it checks, never a format folder's rules (an assembler, its tables), else a bug there would be in both readings.
describe('the fault oracle (test/oracle)', () => {
  const oracleFiles = files(join(import.meta.dirname, '../oracle'));
  /** Modules of src/ outside the public API it may use, each with why. */
  const ALLOWED = new Map([
    ['core/formats/finish-check', 'how a finish reason outside every table is classed (shared by all formats, no format rule)'],
    ['core/judge/usage', 'the tokens an empty turn counts, a constant the judge and the oracle both name'],
  ]);
  it('finds its modules', () => expect(oracleFiles.length).toBeGreaterThan(8));

  it('imports no format folder: only core/index.ts, the faults and a few named constants', () => {
    const broken = oracleFiles.flatMap((file) =>
      importsOf(file)
        .filter((target) => !target.startsWith('..') && target !== 'core/index' && !target.startsWith('faults/') && !ALLOWED.has(target))
        .map((target) => `${relative(src, file)} → ${target}`),
    );
    expect(broken).toEqual([]);
  });
});
