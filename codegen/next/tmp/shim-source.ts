// TEMPORARY: a SchemaSource over the old 2020-12-only resolver, until codegen/schema/set.ts lands.
import { unescapePointerToken } from "../../errors";
import { parseSchemaFiles, type SchemaFile } from "../../schema/files";
import { Resolver } from "../../schema/resolve";
import type { Draft, Location, SchemaSource } from "../ir/source";

export function shimSource(files: SchemaFile[]): SchemaSource {
  const docs = parseSchemaFiles(files);
  const resolver = new Resolver(docs);
  const draftOf = (root: unknown): Draft => {
    const s = (root as { $schema?: unknown } | null)?.$schema;
    if (typeof s !== "string") return "draft2020-12";
    if (s.includes("draft-04")) return "draft-04";
    if (s.includes("draft-06")) return "draft-06";
    if (s.includes("draft-07")) return "draft-07";
    if (s.includes("2019-09")) return "draft2019-09";
    return "draft2020-12";
  };
  const list = docs.map((d) => ({ path: d.path, root: d.root, draft: draftOf(d.root) }));
  return {
    files: list,
    node(at: Location): unknown {
      let n: unknown = list.find((f) => f.path === at.file)?.root;
      if (at.pointer === "") return n;
      for (const raw of at.pointer.slice(1).split("/")) {
        const t = unescapePointerToken(raw);
        if (n === null || typeof n !== "object") return undefined;
        n = (n as Record<string, unknown>)[t];
      }
      return n;
    },
    draft(at: Location): Draft {
      return list.find((f) => f.path === at.file)?.draft ?? "draft2020-12";
    },
    resource(at: Location): Location {
      return { file: at.file, pointer: "" };
    },
    resolve(ref: string, at: Location): Location {
      const t = resolver.resolve(ref, at.file, at.pointer + "/$ref");
      return { file: t.file, pointer: t.pointer };
    },
    resolveDynamic(ref: string, at: Location): Location {
      const t = resolver.resolve(ref, at.file, at.pointer + "/$dynamicRef");
      return { file: t.file, pointer: t.pointer };
    },
  };
}
