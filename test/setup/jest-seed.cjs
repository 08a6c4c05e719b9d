// Jest globalSetup: chooses the run's property seed once and prints it; the workers read it from FC_SEED
// (jest-fast-check.cjs), since Jest starts them after this runs, with this process's environment.
module.exports = async function setup() {
  const { chooseSeed, seedLine } = await import('./seed.mjs');
  const chosen = chooseSeed();
  console.log(seedLine(chosen, 'npx jest --config jest.config.cjs'));
  process.env.FC_SEED = String(chosen.seed);
};
