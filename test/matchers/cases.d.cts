// Types for cases.cjs, so the Vitest suites use it under strict TypeScript.
export interface Case {
  title: string;
  matcher: string;
  not?: boolean;
  pass?: boolean;
  usage?: boolean;
  input(): unknown;
  args?(expect: unknown): unknown[];
}
export interface Run {
  passed: boolean;
  message: string;
  error?: Error & { actual?: unknown; expected?: unknown };
}
export declare const cases: Case[];
export declare function run(expect: unknown, testCase: Case): Promise<Run>;
export declare const tools: string;
export declare const text: string;
export declare const cut: string;
export declare const anthropic: string;
export declare const error: string;
export declare const three: string;
export declare const maxTokens: string;
export declare function stamped(capture: string, gapAt?: number, gapMs?: number): string;
export declare function cutAfter(capture: string, frames: number): string;
export declare const textResponse: Record<string, unknown>;
