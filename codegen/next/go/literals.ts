// Go literals of JSON values: strings, integers and floats that read back exactly.
export { goFloat, goInt, goString } from "./context";

/** A number literal for a Go value of the given kind. */
export function goNum(x: number, kind: "string" | "integer" | "number"): string {
  return kind === "integer" && Number.isInteger(x) ? String(x) : goFloatLit(x);
}

function goFloatLit(x: number): string {
  if (Object.is(x, -0)) return "0";
  const s = String(x);
  return /[.e]/.test(s) ? s : `${s}.0`;
}
