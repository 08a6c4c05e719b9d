// The house rules of all of src, checked: a file reads in one sitting and a function fits on a screen. Data tables
// (rows of a table, not logic) are exempt by name.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const src = join(import.meta.dirname, '../../src');
const MAX_FILE_LINES = 500;
const MAX_FUNCTION_LINES = 60;
/** Files that are tables of data with their sources, not code. */
// The findings catalogue is the table docs/findings.md is generated from: its rows grow with every code.
const DATA_TABLES = new Set(['core/errors/table.ts', 'core/findings.ts']);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

type FunctionLike = ts.FunctionDeclaration | ts.MethodDeclaration | ts.ArrowFunction | ts.FunctionExpression | ts.ConstructorDeclaration | ts.GetAccessorDeclaration;

function longFunctions(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node) || ts.isArrowFunction(node) || ts.isFunctionExpression(node) || ts.isConstructorDeclaration(node) || ts.isGetAccessorDeclaration(node)) {
      const fn = node as FunctionLike;
      if (fn.body !== undefined) {
        const first = source.getLineAndCharacterOfPosition(fn.getStart(source)).line;
        const last = source.getLineAndCharacterOfPosition(fn.end).line;
        const lines = last - first + 1;
        const name = fn.name?.getText(source) ?? (ts.isVariableDeclaration(fn.parent) ? fn.parent.name.getText(source) : '(anonymous)');
        if (lines > MAX_FUNCTION_LINES) found.push(`${relative(src, file)}:${first + 1} ${name} (${lines} lines)`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('src house rules', () => {
  const files = sourceFiles(src);
  it('reads the core files and the faces', () => {
    expect(files.filter((file) => relative(src, file).startsWith('core/')).length).toBeGreaterThan(40);
    expect(files.length).toBeGreaterThan(100);
  });

  it(`has no file over ${MAX_FILE_LINES} lines (data tables aside)`, () => {
    const long = files
      .filter((file) => !DATA_TABLES.has(relative(src, file)))
      .map((file) => [relative(src, file), readFileSync(file, 'utf8').split('\n').length] as const)
      .filter(([, lines]) => lines > MAX_FILE_LINES)
      .map(([name, lines]) => `${name} (${lines} lines)`);
    expect(long).toEqual([]);
  });

  it(`has no function over ${MAX_FUNCTION_LINES} lines`, () => {
    expect(files.flatMap(longFunctions)).toEqual([]);
  });
});
