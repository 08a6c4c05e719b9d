/** A run's property seed, and whether FC_SEED gave it. */
export interface RunSeed {
  seed: number;
  replayed: boolean;
}
/** FC_SEED as a whole number, a fresh random seed when it is unset or empty; throws when it is not a whole number. */
export function chooseSeed(env?: Record<string, string | undefined>): RunSeed;
/** The one line a run prints about its seed. */
export function seedLine(seed: RunSeed, command: string): string;
