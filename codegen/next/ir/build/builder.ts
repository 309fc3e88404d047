// The build pass: every definition's schema becomes an IR tree. Pure: a schema source in, definitions
// out, problems collected (never thrown midway). Objects and unions stay inline here; the hoist pass
// lifts the ones in typed positions into named definitions afterwards.
import { childPointer } from "../../../errors";
import { locationKey, type Location, type SchemaSource } from "../source";
import type { Decl, Type } from "../types";
import type { BuildContext } from "./context";
import { refuseInPlaceCycles } from "./cycles";
import { declExtensions } from "./extensions";
import { buildNode } from "./node";
import { Problems } from "./problems";
import { isObj, SchemaReader } from "./reader";
import { compilePattern } from "../../keywords/pattern";
import { pascalName } from "../words";
import { subschemas } from "../../../schema/subschemas";
import type { Pattern } from "../types";

/** A named definition before naming: where it is, and what its name will be derived from. */
export interface DeclSeed {
  at: Location;
  /** The key in $defs/definitions, the root's title, or the file name. */
  key: string;
  root: boolean;
}

export class Builder implements BuildContext {
  readonly problems = new Problems();
  readonly decls: Decl[] = [];
  private readonly byLocation = new Map<string, Decl>();
  private readonly building = new Set<Decl>();
  private readonly built = new Set<Decl>();
  /** Locations (with their dynamic scope) on the current inline reference chain, for cycles through non-definitions. */
  private readonly inlineChain: string[] = [];
  /**
   * The dynamic scope: the schema resources entered on the way to the node being built, outermost
   * first, as a validator would have entered them ($dynamicRef and $recursiveRef resolve against it).
   */
  private scope: Location[] = [];
  /** The scope a definition is built in, for definitions specialized to a dynamic scope. */
  private readonly declScope = new Map<Decl, Location[]>();
  private readonly specialized = new Map<string, Decl>();
  private readonly dynamic = new Map<string, boolean>();
  private readonly dynamicRefs = new Map<string, DynamicRef[]>();

  constructor(readonly src: SchemaSource) {}

  /** Registers every definition, then builds each one. */
  run(seeds: DeclSeed[]): Decl[] {
    refuseInPlaceCycles(this.src, this.problems);
    for (const s of seeds) this.register(s);
    for (const d of [...this.decls]) this.typeOf(d);
    return this.decls;
  }

  private register(s: DeclSeed): Decl {
    const d: Decl = {
      name: s.key,
      origin: { file: s.at.file, pointer: s.at.pointer },
      type: { kind: "any", origin: { file: s.at.file, pointer: s.at.pointer } },
      names: {
        type: "",
        ts: { decode: "", encode: "", check: "", write: "" },
        go: { decode: "", encode: "", dec: "", enc: "", fast: "" },
      },
    };
    this.decls.push(d);
    this.byLocation.set(locationKey(s.at), d);
    return d;
  }

  /** The definition at a location, if it is one. */
  declAt(at: Location): Decl | undefined {
    return this.byLocation.get(locationKey(at));
  }

  /** A definition's type, built on first use (merging needs the types of the definitions it refers to). */
  typeOf(d: Decl): Type | undefined {
    if (this.built.has(d)) return d.type;
    if (this.building.has(d)) return undefined; // a cycle: the caller falls back to a reference
    this.building.add(d);
    const at = { file: d.origin.file, pointer: d.origin.pointer };
    const node = this.src.node(at);
    const r = isObj(node) ? new SchemaReader(at, node, this.src.draft(at), this.problems) : undefined;
    if (r !== undefined) {
      const doc = r.doc();
      if (doc !== undefined) d.doc = doc;
      declExtensions(r, d, this);
    }
    const saved = this.scope;
    this.scope = [...(this.declScope.get(d) ?? [])];
    try {
      d.type = d.constant !== undefined ? constantType(d, this.problems) : buildNode(this, at);
    } finally {
      this.scope = saved;
    }
    this.building.delete(d);
    this.built.add(d);
    return d.type;
  }

  // ---- BuildContext ----

  child(at: Location): Type {
    return buildNode(this, at);
  }

  pattern(r: SchemaReader, keyword: string, source: unknown, at?: Location): Pattern | undefined {
    const where = at ?? r.loc(keyword);
    if (typeof source !== "string") {
      this.problems.error(where, `${keyword} must be a string`, "write an ECMAScript regular expression");
      return undefined;
    }
    const p = compilePattern(source);
    if (typeof p === "string") {
      this.problems.error(where, `the pattern ${p}`, 'rewrite the pattern in the portable subset (README, "Patterns")');
      return undefined;
    }
    return p;
  }

  assertsFormat(r: SchemaReader): boolean {
    const root = this.src.files.find((f) => f.path === r.at.file)?.root;
    return isObj(root) && root["x-assert-format"] === true;
  }

  // ---- dynamic scope ----

  /**
   * Enters the resource of `at`; true when the caller must leave it. A resource already in scope is
   * not entered again: resolution takes the outermost resource with the anchor, which it already is
   * (and so the scopes of a recursion stay finite).
   */
  enter(at: Location): boolean {
    const res = locationKey(this.src.resource(at));
    if (this.scope.some((s) => locationKey(s) === res)) return false;
    this.scope.push(this.src.resource(at));
    return true;
  }

  leave(): void {
    this.scope.pop();
  }

  /**
   * What a dynamic scope means for the schema at `target`: where each dynamic reference under it
   * (and under what those resolve to) lands. Two scopes with the same answer build the same type,
   * so a definition is specialized once per answer, not once per path (a meta-schema reaches its
   * own root through every vocabulary it enters).
   */
  private scopeMeaning(target: Location, scope: readonly Location[]): { key: string; names: string[] } {
    const seen = new Set<string>();
    const parts: string[] = [];
    const names = new Set<string>();
    const queue = [target];
    while (queue.length > 0) {
      for (const o of this.dynamicRefsUnder(queue.pop()!)) {
        const id = locationKey(o.at);
        if (seen.has(id)) continue;
        seen.add(id);
        let hit: Location;
        try {
          hit = this.src.resolveDynamic(o.ref, o.at, scope);
        } catch {
          continue; // reported where the reference is built
        }
        parts.push(`${id}->${locationKey(hit)}`);
        names.add(locationName(this.src.resource(hit)));
        queue.push(hit);
      }
    }
    return { key: parts.sort().join(" "), names: [...names].sort() };
  }

  /** The dynamic references under `at`, through static references (and the static targets of dynamic ones). */
  private dynamicRefsUnder(at: Location): DynamicRef[] {
    const known = this.dynamicRefs.get(locationKey(at));
    if (known !== undefined) return known;
    const out: DynamicRef[] = [];
    const visited = new Set<string>();
    const visit = (l: Location): void => {
      const key = locationKey(l);
      if (visited.has(key)) return;
      visited.add(key);
      const node = this.src.node(l);
      if (!isObj(node)) return;
      for (const keyword of ["$dynamicRef", "$recursiveRef"] as const) {
        const ref = node[keyword];
        if (typeof ref !== "string") continue;
        out.push({ ref, at: l });
        try {
          visit(this.src.resolve(ref, l));
        } catch {
          // reported where the reference is built
        }
      }
      if (typeof node.$ref === "string") {
        try {
          visit(this.src.resolve(node.$ref, l));
        } catch {
          // reported where the reference is built
        }
      }
      for (const s of subschemas(node, this.src.draft(l))) visit({ file: l.file, pointer: l.pointer + s.pointer });
    };
    visit(at);
    this.dynamicRefs.set(locationKey(at), out);
    return out;
  }

  /** Whether anything under `at` (through static references too) resolves dynamically. */
  private isDynamic(at: Location, visiting = new Set<string>()): boolean {
    const key = locationKey(at);
    const known = this.dynamic.get(key);
    if (known !== undefined) return known;
    if (visiting.has(key)) return false;
    visiting.add(key);
    const node = this.src.node(at);
    let result = false;
    if (isObj(node)) {
      if (typeof node.$dynamicRef === "string" || typeof node.$recursiveRef === "string") result = true;
      if (!result && typeof node.$ref === "string") {
        try {
          result = this.isDynamic(this.src.resolve(node.$ref, at), visiting);
        } catch {
          result = false;
        }
      }
      if (!result) {
        for (const s of subschemas(node, this.src.draft(at))) {
          if (this.isDynamic({ file: at.file, pointer: at.pointer + s.pointer }, visiting)) {
            result = true;
            break;
          }
        }
      }
    }
    this.dynamic.set(key, result);
    return result;
  }

  // ---- references ----

  /** The type a $ref (or $dynamicRef) at `r` stands for: a reference to a definition, or the target inline. */
  reference(r: SchemaReader, keyword: "$ref" | "$dynamicRef" | "$recursiveRef"): Type {
    const ref = r.raw(keyword);
    if (typeof ref !== "string") {
      r.error(keyword, `${keyword} must be a string`, "write a reference such as #/$defs/Name");
      return { kind: "any", origin: r.origin };
    }
    let target: Location;
    try {
      target = keyword === "$ref" ? this.src.resolve(ref, r.at) : this.src.resolveDynamic(ref, r.at, this.scope);
    } catch (e) {
      const err = e as { file?: string; pointer?: string; problem?: string; hint?: string; message: string };
      this.problems.error(
        { file: err.file ?? r.at.file, pointer: err.pointer ?? childPointer(r.at.pointer, keyword) },
        err.problem ?? err.message,
        err.hint ?? "fix the reference",
      );
      return { kind: "any", origin: r.origin };
    }
    const decl = this.declAt(target);
    const dynamic = this.isDynamic(target);
    // A definition is shared unless what it means depends on the dynamic scope it is reached in.
    const meaning = dynamic ? this.scopeMeaning(target, this.scope) : undefined;
    if (
      decl !== undefined &&
      (meaning === undefined || meaning.key === this.scopeMeaning(target, [this.src.resource(target)]).key)
    ) {
      return { kind: "ref", origin: r.origin, decl };
    }
    const key = meaning !== undefined ? `${locationKey(target)} in ${meaning.key}` : locationKey(target);
    const known = this.specialized.get(key);
    if (known !== undefined) return { kind: "ref", origin: r.origin, decl: known };
    if (this.inlineChain.includes(key)) {
      // A cycle through a schema that is not a named definition (or through one specialized to this
      // dynamic scope): name it, so that the cycle goes through a reference.
      // Specialized to a dynamic scope: named after the resources of that scope as well.
      const suffix = meaning !== undefined ? `In${meaning.names.join("")}` : "";
      const d = this.register({ at: target, key: locationName(target) + suffix, root: false });
      d.hoisted = true;
      this.specialized.set(key, d);
      this.declScope.set(d, [...this.scope]);
      this.typeOf(d);
      return { kind: "ref", origin: r.origin, decl: d };
    }
    this.inlineChain.push(key);
    try {
      return buildNode(this, target);
    } finally {
      this.inlineChain.pop();
    }
  }
}

interface DynamicRef {
  ref: string;
  at: Location;
}

/** The type of an x-constant's value: its kind (the value itself is in Decl.constant). */
function constantType(d: Decl, problems: Problems): Type {
  const origin = d.origin;
  const v = d.constant!.value;
  const scalar = (x: unknown): Type => {
    if (typeof x === "string") return { kind: "string", origin, checks: [] };
    if (typeof x === "number") return { kind: Number.isInteger(x) ? "integer" : "number", origin, checks: [] };
    if (typeof x === "boolean") return { kind: "boolean", origin };
    if (x === null) return { kind: "null", origin };
    problems.error(origin, "a constant must be a scalar or an array of scalars", "simplify the constant's value");
    return { kind: "any", origin };
  };
  if (!Array.isArray(v)) return scalar(v);
  const kinds = new Set(v.map((x) => (x === null ? "null" : typeof x)));
  if (kinds.size > 1) problems.error(origin, "a constant array must hold values of one kind", "split the constant");
  return {
    kind: "array",
    origin,
    prefix: [],
    items: v.length > 0 ? scalar(v[0]) : { kind: "any", origin },
    checks: [],
  };
}

const STRUCTURE = new Set(["$defs", "definitions", "properties"]);

/** A name for a schema that is not a definition but must become one (a cycle runs through it): its file and place. */
function locationName(at: Location): string {
  const base = at.file.slice(at.file.lastIndexOf("/") + 1).replace(/\.json$/, "");
  const tokens =
    at.pointer === ""
      ? []
      : at.pointer
          .slice(1)
          .split("/")
          .filter((t) => !STRUCTURE.has(t));
  return [base, ...tokens].map((t) => pascalName(t.replace(/~1/g, "/").replace(/~0/g, "~"))).join("");
}
