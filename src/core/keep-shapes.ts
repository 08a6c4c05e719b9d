/**
 * V8 forgets a class's hidden classes once no object of it is alive, and throws away the optimised code that was
 * built for them. Between two streams a full garbage collection finds none alive, so every stream would start with
 * its hot code thrown away and build it again. One idle instance of each hot class, kept here, keeps them: a few
 * hundred bytes for a steady speed from the first frame of every stream.
 */
const kept: unknown[] = [];

export function keepShape<T>(instance: T): T {
  kept.push(instance);
  return instance;
}
