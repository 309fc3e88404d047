// A value being checked in generated TypeScript: an identifier `x` whose pointer is at(p, k), where
// `k` is an escaped key literal, an index variable, or absent (then the pointer is p).

export interface Val {
  x: string;
  p: string;
  k?: string;
}

export const lit = (s: string): string => JSON.stringify(s);

/** RFC 6901 escaping of one token. */
export const esc = (key: string): string => key.replace(/~/g, "~0").replace(/\//g, "~1");

/** The call arguments (p, k) of a value. */
export const args = (v: Val): string => (v.k === undefined ? v.p : `${v.p}, ${v.k}`);

/** The pointer expression of a value, built where a check fails. */
export function ptr(v: Val): string {
  if (v.k === undefined) return v.p;
  if (v.k.startsWith('"')) return `${v.p} + ${lit("/" + (JSON.parse(v.k) as string))}`;
  return `$at(${v.p}, ${v.k})`;
}

/** `if (cond) $fail(code, pointer, message);` */
export const failIf = (cond: string, code: string, v: Val, message: string): string =>
  `if (${cond}) $fail(${lit(code)}, ${ptr(v)}, ${message});`;
