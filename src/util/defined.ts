// Optional fields without a spread per field. Under exactOptionalPropertyTypes an optional field may be
// absent but not `undefined`, so a value that may be undefined was added as
// `...(x !== undefined ? { x } : {})`, once per field. `defined({ x, y })` is the same object: every
// field whose value is undefined left out, the others kept, each typed optional when it may be absent.

/** The fields of T whose type admits undefined. */
type MaybeKeys<T> = { [K in keyof T]-?: undefined extends T[K] ? K : never }[keyof T];

/** T with each field that may be undefined made optional and never undefined. */
export type Defined<T> = { [K in Exclude<keyof T, MaybeKeys<T>>]: T[K] } & {
  [K in MaybeKeys<T>]?: Exclude<T[K], undefined>;
};

/** `fields` without the ones whose value is undefined (a null, a 0, a "" or a false is kept). */
export function defined<T extends object>(fields: T): Defined<T> {
  // fromEntries defines own fields as a spread does; `kept[key] = value` would set the prototype
  // for a field named `__proto__` and lose it.
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as Defined<T>;
}
