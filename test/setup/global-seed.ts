// Vitest globalSetup: chooses the run's property seed once, prints it, and hands it to every test file (fast-check.ts).
import type { TestProject } from 'vitest/node';
import { chooseSeed, seedLine } from './seed.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    fcSeed: number;
  }
}

export default function setup(project: TestProject): void {
  const chosen = chooseSeed();
  console.log(seedLine(chosen, 'npx vitest run'));
  project.provide('fcSeed', chosen.seed);
}
