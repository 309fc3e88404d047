// Go literals of JSON values: strings, integers and floats that read back exactly.
export { goFloat, goInt, goString } from "./context";

/**
 * A number literal for a Go value of the given kind: an int64 literal for a safe integer compared with
 * an integer, else a float literal (an integer beyond 2^53 - 1, such as 1e21, is no int64 constant:
 * the caller compares float64(v)).
 */
export function goNum(x: number, kind: "string" | "integer" | "number"): string {
  return kind === "integer" && Number.isSafeInteger(x) ? String(x) : goFloatLit(x);
}

function goFloatLit(x: number): string {
  if (Object.is(x, -0)) return "0";
  const s = String(x);
  return /[.e]/.test(s) ? s : `${s}.0`;
}
