import fc from 'fast-check';

// CI runs the properties on a fixed seed so a red build is reproducible; locally every run explores new cases.
// Either way fast-check prints the seed and the shrunk counterexample of a failure: set FC_SEED to replay it.
const seed = process.env.FC_SEED ?? (process.env.CI ? '20261130' : undefined);
if (seed !== undefined) fc.configureGlobal({ seed: Number(seed) });
