// How the tests run the CLI as a process. `npm test` builds dist/ just before vitest and sets SSE_TEST_CLI=dist, so
// each case is one plain `node dist/cli.js` (tsx would compile the source again in every process: about a second of
// CPU each). A targeted run uses the source through tsx, so it is always the current code.
import { join } from 'node:path';

const root = join(import.meta.dirname, '../..');

/** The arguments to give `process.execPath` before the CLI's own. */
export const CLI_ARGS: readonly string[] = process.env.SSE_TEST_CLI === 'dist' ? [join(root, 'dist/cli.js')] : ['--import', 'tsx', join(root, 'src/cli/index.ts')];

/** The same, as one shell-quoted string, for a command line run through bash. */
export const CLI_SHELL = [process.execPath, ...CLI_ARGS].map((part) => `"${part}"`).join(' ');
