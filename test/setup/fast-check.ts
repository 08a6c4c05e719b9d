import fc from 'fast-check';
import { inject } from 'vitest';

// Every property of this run starts from the seed global-seed.ts chose and printed (fresh each run, CI included).
// A failure prints the seed and the shrunk counterexample: FC_SEED=<seed> replays it.
fc.configureGlobal({ seed: inject('fcSeed') });
