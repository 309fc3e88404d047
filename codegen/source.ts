// What a generated file names as its source in its header: the folder holding the protocol's schema
// files ("schema/runner"), or the deepest folder they share.
import type { Protocol } from "./next/ir/types";

export function schemaSource(p: Pick<Protocol, "name" | "files">): string {
  if (p.files.length === 0) return `schema/${p.name}`;
  const dirs = p.files.map((f) => f.split("/").slice(0, -1));
  let common = dirs[0]!;
  for (const d of dirs.slice(1)) {
    let i = 0;
    while (i < common.length && i < d.length && common[i] === d[i]) i++;
    common = common.slice(0, i);
  }
  return common.length > 0 ? common.join("/") : ".";
}
