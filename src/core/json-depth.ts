/**
 * JSON nested deeper than this is not read. JSON.parse reads any depth, but JSON.stringify, structuredClone, a
 * snapshot printer and a recursive copy overflow the stack somewhere past a few thousand levels: a frame or tool
 * input a hundred thousand levels deep would crash whoever prints the result. No LLM payload comes near 512 levels.
 */
export const MAX_NESTING = 512;

/** JSON.parse, refusing a value nested deeper than MAX_NESTING (a RangeError that says so). */
export function parseJson(text: string): unknown {
  const value: unknown = JSON.parse(text);
  // A value nested `n` deep takes at least 2n characters: shorter texts need no walk.
  if (text.length > 2 * MAX_NESTING && nestsDeeperThan(value, MAX_NESTING)) {
    throw new RangeError(`it is nested more than ${MAX_NESTING} levels deep`);
  }
  return value;
}

/** Whether arrays and objects in `value` nest deeper than `limit`: a walk without recursion. */
export function nestsDeeperThan(value: unknown, limit: number): boolean {
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop() as [unknown, number];
    if (typeof node !== 'object' || node === null) continue;
    if (depth + 1 > limit) return true;
    const children = Array.isArray(node) ? node : Object.values(node);
    for (const child of children) if (typeof child === 'object' && child !== null) stack.push([child, depth + 1]);
  }
  return false;
}
