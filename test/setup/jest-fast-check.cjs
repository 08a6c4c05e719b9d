// Every property of a Jest run starts from the seed jest-seed.cjs chose and printed; FC_SEED=<seed> replays a failure.
const fc = require('fast-check');

const seed = Number(process.env.FC_SEED);
if (Number.isSafeInteger(seed)) fc.configureGlobal({ seed });
