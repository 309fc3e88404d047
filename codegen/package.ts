// The wire-codegen package itself: its root folder (sources or installed dist/) and its version.
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";

let root: string | undefined;

/** The folder of wire-codegen's package.json (the repository, or node_modules/wire-codegen). */
export function packageRoot(): string {
  if (root !== undefined) return root;
  for (let d = __dirname; ; d = dirname(d)) {
    const pj = join(d, "package.json");
    if (existsSync(pj)) {
      try {
        if ((JSON.parse(readFileSync(pj, "utf8")) as { name?: string }).name === "wire-codegen") return (root = d);
      } catch {
        // not ours; go on up
      }
    }
    if (dirname(d) === d) return (root = join(__dirname, ".."));
  }
}

export function packageVersion(): string {
  return (JSON.parse(readFileSync(join(packageRoot(), "package.json"), "utf8")) as { version: string }).version;
}
