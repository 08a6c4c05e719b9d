import { checkOptionTable, isReconstruction, reportOf, SERIALIZER_OPTION_RULES, type ReportedReconstruction } from '../core/index.js';
import { snapshotBlock } from './snapshot-block.js';

/** The parts of pretty-format's config a serializer reads (the same in Jest and Vitest). */
export interface SnapshotConfig {
  indent: string;
}

/** The printer a runner passes to a serializer, for the values inside the block. */
export type SnapshotPrinter<Config> = (value: unknown, config: Config, indentation: string, depth: number, refs: unknown[]) => string;

/**
 * A snapshot serializer as both runners take it (`expect.addSnapshotSerializer`, `snapshotSerializers`). Generic
 * over the runner's config, so it is assignable to pretty-format's `Plugin` in Jest and in Vitest.
 */
export interface SnapshotSerializer {
  test(value: unknown): boolean;
  serialize<Config extends SnapshotConfig>(value: unknown, config: Config, indentation: string, depth: number, refs: unknown[], printer: SnapshotPrinter<Config>): string;
}

/** Options of `createSerializer()`. */
export interface SerializerOptions {
  /** Add the frames table (index, line, type, what each carried), without arrival times. Default false. */
  frames?: boolean;
}

/**
 * Prints a reconstruction as a stable block: summary, each choice's text, tool calls with parsed input and finish
 * reason, usage, error, findings with line:column, and optionally the frames. Arrival times are never printed. The
 * block renders the reconstruction's report (`reportOf`), as every other face does.
 */
export function createSerializer(options: SerializerOptions = {}): SnapshotSerializer {
  checkOptionTable(options, SERIALIZER_OPTION_RULES, { where: 'createSerializer' });
  const frames = options.frames === true;
  return {
    test: isReconstruction,
    serialize(value, config, indentation, depth, refs, printer) {
      const report = reportOf(value as ReportedReconstruction, { frames: frames ? 'all' : 'none' });
      const print = (item: unknown, at: string) => printer(item, config, at, depth + 1, refs);
      return snapshotBlock(report, { at: indentation + config.indent, indent: config.indent, frames }, print);
    },
  };
}

/** The default serializer, for `snapshotSerializers: ['sse-reconstruct/serializer']` and `expect.addSnapshotSerializer`. */
export const serializer: SnapshotSerializer = createSerializer();
/** The default serializer's `test`, for runners that load a serializer module's named exports. */
export const test: SnapshotSerializer['test'] = serializer.test;
/** The default serializer's `serialize`, for runners that load a serializer module's named exports. */
export const serialize: SnapshotSerializer['serialize'] = serializer.serialize;
export default serializer;
