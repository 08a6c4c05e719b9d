// The seed every property of one test run starts from: FC_SEED when set (to replay a failure), otherwise a fresh
// one, CI included, so each run explores cases no earlier run tried. Plain JS: vitest, jest and scripts/test.mjs share it.
import { randomInt } from 'node:crypto';

/** FC_SEED as a whole number, a fresh random seed when it is unset or empty; throws when it is not a whole number. */
export function chooseSeed(env = process.env) {
  const given = env.FC_SEED?.trim();
  if (given === undefined || given === '') return { seed: randomInt(0, 2 ** 31), replayed: false };
  const seed = Number(given);
  if (!Number.isSafeInteger(seed)) throw new Error(`FC_SEED must be a whole number (the seed a failed run printed), not ${JSON.stringify(given)}`);
  return { seed, replayed: true };
}

/** The one line a run prints about its seed. */
export function seedLine({ seed, replayed }, command) {
  return replayed ? `fast-check seed ${seed} (from FC_SEED)` : `fast-check seed ${seed} (fresh this run; replay with FC_SEED=${seed} ${command})`;
}
