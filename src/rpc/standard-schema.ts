/**
 * The part of the Standard Schema v1 interface (https://standardschema.dev) this package uses.
 * Zod (v3.24+, v4), Valibot (v1+), ArkType and others implement it; declaring it here keeps the
 * package free of dependencies.
 */
export interface StandardSchemaV1<Input = unknown, Output = Input> {
  readonly '~standard': {
    readonly version: 1;
    readonly vendor: string;
    /** Check `value`: its issues, or the parsed value. */
    readonly validate: (
      value: unknown,
    ) => StandardSchemaResult<Output> | Promise<StandardSchemaResult<Output>>;
    readonly types?: { readonly input: Input; readonly output: Output } | undefined;
  };
}

/** What a Standard Schema's `validate` returns. */
export type StandardSchemaResult<Output> =
  | { readonly value: Output; readonly issues?: undefined }
  | {
      readonly issues: readonly {
        readonly message: string;
        readonly path?: readonly (PropertyKey | { readonly key: PropertyKey })[] | undefined;
      }[];
    };

/** The output type of a Standard Schema. */
export type InferOutput<S> = S extends StandardSchemaV1<unknown, infer O> ? O : unknown;

/**
 * Whether `value` implements Standard Schema v1.
 *
 * @example
 * isStandardSchema(z.string()); // true
 */
export function isStandardSchema(value: unknown): value is StandardSchemaV1 {
  if (value === null || (typeof value !== 'object' && typeof value !== 'function')) return false;
  const std = (value as { '~standard'?: unknown })['~standard'];
  return (
    std !== null &&
    typeof std === 'object' &&
    typeof (std as { validate?: unknown }).validate === 'function'
  );
}
