// The JSON Schema validator the Node faces hand the core for `options.request`'s schema: `ajv`, an optional peer,
// loaded only when a request asks for a schema. Without it, the core says the text is (or is not) JSON and that
// installing ajv validates it.
import { createRequire } from 'node:module';
import type { SchemaValidator } from '../core/index.js';

interface AjvError {
  instancePath: string;
  message?: string;
}
interface AjvInstance {
  compile(schema: unknown): ((value: unknown) => boolean) & { errors?: AjvError[] | null };
}
type AjvClass = new (options: Record<string, unknown>) => AjvInstance;

/** The two dialects requests use: draft-07 (ajv's default) and 2020-12 (named by `$schema`). */
let loaded: { draft7: AjvInstance; draft2020: AjvInstance } | null | undefined;

function load(): { draft7: AjvInstance; draft2020: AjvInstance } | null {
  if (loaded !== undefined) return loaded;
  try {
    // Works from the ESM and the CJS build alike; in CJS `import.meta` is never reached.
    const require = createRequire(typeof __filename === 'string' ? __filename : import.meta.url);
    const classOf = (module: { default?: AjvClass } & AjvClass): AjvClass => module.default ?? module;
    // Provider schemas carry keywords ajv does not know (`propertyOrdering`, `nullable`): not strict.
    const options = { allErrors: true, strict: false };
    loaded = { draft7: new (classOf(require('ajv')))(options), draft2020: new (classOf(require('ajv/dist/2020')))(options) };
  } catch {
    loaded = null;
  }
  return loaded;
}

const compiled = new WeakMap<object, ReturnType<AjvInstance['compile']>>();

/** A validator built on ajv, or undefined when ajv is not installed. */
export function ajvSchemaValidator(): SchemaValidator | undefined {
  const ajv = load();
  if (ajv === null) return undefined;
  return (schema, value) => {
    let validate = typeof schema === 'object' && schema !== null ? compiled.get(schema) : undefined;
    if (validate === undefined) {
      const dialect = typeof schema === 'object' && schema !== null && String((schema as { $schema?: unknown }).$schema ?? '').includes('2020-12') ? ajv.draft2020 : ajv.draft7;
      try {
        validate = dialect.compile(schema);
      } catch (error) {
        return { valid: false, errors: [`the request's schema does not compile (${error instanceof Error ? error.message : String(error)})`] };
      }
      if (typeof schema === 'object' && schema !== null) compiled.set(schema, validate);
    }
    if (validate(value)) return { valid: true, errors: [] };
    return { valid: false, errors: (validate.errors ?? []).map((error) => `${error.instancePath === '' ? 'the value' : error.instancePath} ${error.message ?? 'is invalid'}`) };
  };
}

/** Turns off ajv for a test of the path without it; `true` loads it again. */
export function setAjvAvailable(available: boolean): void {
  loaded = available ? undefined : null;
}
