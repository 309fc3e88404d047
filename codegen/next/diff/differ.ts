// Compares two versions of one protocol's IR and lists every change with its breaking-change rule:
// the definitions matched by name (or as renames: the same shape under another name), added and
// removed ones, constants, writers (x-sent-by), results (x-result), then each definition's type
// (compare-types.ts). Pure: IR in, changes out (lines in files are added later, by the command).
import type { Decl, JsonValue, Origin, Protocol, Type } from "../ir/types";
import { diffDoc } from "./compare-docs";
import { TypeDiffer } from "./compare-types";
import { computeDirections, mergeDirections, readersOf, type Direction, type Directions } from "./direction";
import { classificationOf } from "./effect";
import { beforeAfter, same, type Raw, type Sink } from "./report";
import { RULES, type RuleId } from "./rules";
import { declShape } from "./shape";
import type { Change, ProtocolDiff } from "./types";

export class ProtocolDiffer {
  private readonly baseDecls: Map<string, Decl>;
  private readonly headDecls: Map<string, Decl>;
  /** base name -> head name, for definitions matched across the two sides (equal names, or a rename). */
  private readonly toHead = new Map<string, string>();
  private readonly toBase = new Map<string, string>();
  private readonly baseDir: Directions | undefined;
  private readonly headDir: Directions | undefined;
  private readonly changes: Change[] = [];
  /** The direction of the definition being compared. */
  private declDir: Direction = { writers: [], readers: [], known: false };
  private readonly types: TypeDiffer;

  constructor(
    private readonly name: string,
    private readonly base: Protocol | undefined,
    private readonly head: Protocol | undefined,
  ) {
    this.baseDecls = new Map((base?.decls ?? []).map((d) => [d.name, d]));
    this.headDecls = new Map((head?.decls ?? []).map((d) => [d.name, d]));
    this.baseDir = base && computeDirections(base);
    this.headDir = head && computeDirections(head);
    this.types = new TypeDiffer({
      headName: (d) => this.toHead.get(d.name) ?? d.name,
      variantParties: (b, h) => this.variantParties(b?.name, h?.name ?? (b && this.toHead.get(b.name))),
    });
  }

  run(): ProtocolDiff {
    const { base, head } = this;
    const diff: ProtocolDiff = {
      name: this.name,
      versionChanged: false,
      breaking: false,
      needsVersionChange: false,
      changes: this.changes,
    };
    if (base?.version !== undefined) diff.baseVersion = base.version;
    if (head?.version !== undefined) diff.headVersion = head.version;
    diff.versionChanged = !same(base?.version, head?.version);
    const versionDecl = head?.decls.find((d) => d.constant?.role === "protocol-version");
    if (versionDecl !== undefined)
      diff.versionLocation = { file: versionDecl.origin.file, pointer: `${versionDecl.origin.pointer}/const` };
    if (base === undefined || head === undefined) {
      const p = (head ?? base)!;
      const at: Origin = { file: p.files[0] ?? `schema/${this.name}`, pointer: "" };
      const how = head === undefined ? "removed" : "added";
      const rule: RuleId = head === undefined ? "protocol-removed" : "protocol-added";
      this.add({ rule, location: this.name, message: `protocol ${this.name} ${how}`, at }, this.allParties());
    } else {
      this.diffProtocol(base, head);
    }
    diff.breaking = this.changes.some((c) => c.classification !== "safe");
    diff.needsVersionChange = diff.breaking && !diff.versionChanged;
    return diff;
  }

  private allParties(): Direction {
    const parties = [...new Set([...(this.baseDir?.parties ?? []), ...(this.headDir?.parties ?? [])])].sort();
    return { writers: parties, readers: parties, known: false };
  }

  private diffProtocol(base: Protocol, head: Protocol): void {
    const protoAt: Origin = { file: head.files[0] ?? `schema/${this.name}`, pointer: "" };
    for (const key of ["title", "description"] as const) {
      if (base[key] !== head[key]) {
        const r: Raw = {
          rule: "description-changed",
          location: this.name,
          message: `protocol ${key} changed`,
          at: protoAt,
        };
        this.add({ ...r, ...beforeAfter(base[key], head[key]) }, this.allParties());
      }
    }
    for (const d of base.decls) if (this.headDecls.has(d.name)) this.match(d.name, d.name);
    this.findRenames(base, head);
    for (const h of head.decls) {
      const bName = this.toBase.get(h.name);
      if (bName === undefined) this.declAddedOrRemoved(h, "added");
      else this.diffDecl(this.baseDecls.get(bName)!, h);
    }
    for (const b of base.decls) if (!this.toHead.has(b.name)) this.declAddedOrRemoved(b, "removed");
    // The version change first: it is what a reviewer looks for.
    this.changes.sort((a, b) => (a.rule === "version-changed" ? 0 : 1) - (b.rule === "version-changed" ? 0 : 1));
  }

  private match(b: string, h: string): void {
    this.toHead.set(b, h);
    this.toBase.set(h, b);
  }

  /** A definition only in the base and one only in the head with the same shape, each the only one of its shape. */
  private findRenames(base: Protocol, head: Protocol): void {
    const group = (decls: Decl[], matched: Map<string, string>): Map<string, Decl[]> => {
      const m = new Map<string, Decl[]>();
      for (const d of decls) {
        if (matched.has(d.name)) continue;
        const s = declShape(d, (x) => x.name);
        m.set(s, [...(m.get(s) ?? []), d]);
      }
      return m;
    };
    const gone = group(base.decls, this.toHead);
    const added = group(head.decls, this.toBase);
    for (const [shape, bs] of gone) {
      const hs = added.get(shape);
      if (bs.length !== 1 || hs === undefined || hs.length !== 1) continue;
      const [b, h] = [bs[0]!, hs[0]!];
      this.match(b.name, h.name);
      const message = `definition ${b.name} renamed to ${h.name} (same shape)`;
      this.add(
        { rule: "definition-renamed", location: h.name, message, at: h.origin, before: b.name, after: h.name },
        this.dirOf(b.name, h.name),
      );
    }
  }

  private dirOf(baseName: string | undefined, headName: string | undefined): Direction {
    const of = (dirs: Directions | undefined, decls: Map<string, Decl>, name: string | undefined) =>
      name === undefined ? undefined : dirs?.of(decls.get(name));
    return mergeDirections(of(this.baseDir, this.baseDecls, baseName), of(this.headDir, this.headDecls, headName));
  }

  /** A variant that is a frame of its own (RunnerFrame's variants) is written only by its own writers. */
  private variantParties(baseName: string | undefined, headName: string | undefined): Pick<Raw, "parties"> {
    const v = this.dirOf(baseName, headName);
    const writers = this.declDir.writers.filter((w) => v.writers.includes(w));
    if (!v.known || writers.length === 0 || writers.length === this.declDir.writers.length) return {};
    return { parties: { writers, readers: readersOf(writers, this.allParties().writers) } };
  }

  private add(r: Raw, dir: Direction): void {
    const rule = RULES[r.rule];
    const effect = rule.effect;
    const parties = r.parties ?? { readers: dir.readers, writers: dir.writers };
    const c: Change = {
      protocol: this.name,
      rule: r.rule,
      kind: rule.kind,
      location: r.location,
      message: r.message,
      classification: classificationOf(effect),
      oldReaders: effect === "widen" || effect === "both" ? parties.readers : [],
      oldWriters: effect === "narrow" || effect === "both" ? parties.writers : [],
      reason: rule.reason,
    };
    if (r.at !== undefined) {
      c.file = r.at.file;
      c.pointer = r.at.pointer;
    }
    if (r.before !== undefined) c.before = r.before;
    if (r.after !== undefined) c.after = r.after;
    this.changes.push(c);
  }

  private declAddedOrRemoved(d: Decl, how: "added" | "removed"): void {
    const dir = how === "added" ? this.dirOf(undefined, d.name) : this.dirOf(d.name, undefined);
    let rule: RuleId;
    let what = "definition";
    if (d.constant?.role === "protocol-version") {
      rule = "version-changed";
      what = "protocol version constant";
    } else if (d.constant?.role === "frame-limit") {
      rule = how === "added" ? "frame-limit-lowered" : "frame-limit-raised";
      what = "frame limit";
    } else if (d.constant !== undefined) {
      rule = how === "added" ? "constant-added" : "constant-removed";
      what = "constant";
    } else if (d.sentBy !== undefined) {
      rule = how === "added" ? "frame-added" : "frame-removed";
      what = `frame definition (sent by ${d.sentBy.join(", ")})`;
    } else {
      rule = how === "added" ? "definition-added" : "definition-removed";
    }
    const value = d.constant !== undefined ? ` = ${JSON.stringify(d.constant.value)}` : "";
    // Something gone is pointed at by its place in the base; the line finder falls back to the head's nearest ancestor.
    const at = { file: d.origin.file, pointer: d.origin.pointer };
    const r: Raw = { rule, location: d.name, message: `${what} ${d.name}${value} ${how}`, at };
    if (d.constant !== undefined)
      Object.assign(r, how === "added" ? { after: d.constant.value } : { before: d.constant.value });
    this.add(r, dir);
  }

  private diffDecl(b: Decl, h: Decl): void {
    const dir = this.dirOf(b.name, h.name);
    this.declDir = dir;
    const sink: Sink = (r) => this.add(r, dir);
    const loc = h.name;
    diffDoc(loc, b.doc, h.doc, h.origin, sink);
    if (b.constant !== undefined || h.constant !== undefined) {
      this.diffConstant(b, h, sink);
      return;
    }
    this.diffSentBy(b, h, dir);
    if ((b.frame ?? false) !== (h.frame ?? false)) {
      const message = h.frame ? "now x-frame (a frame reader is generated)" : "no longer x-frame";
      sink({ rule: "frame-changed", location: loc, message, at: h.origin });
    }
    const baseResult = b.result === undefined ? undefined : (this.toHead.get(b.result.name) ?? b.result.name);
    if (baseResult !== h.result?.name) {
      const rdir = this.dirOf(b.result?.name, h.result?.name);
      const resultType = (d: Decl): Type =>
        d.result === undefined ? { kind: "any", origin: d.origin } : { kind: "ref", origin: d.origin, decl: d.result };
      const at = { file: h.origin.file, pointer: `${h.origin.pointer}/x-result` };
      this.types.diffType(`${loc} (result)`, resultType(b), resultType(h), at, (r) => this.add(r, rdir));
    }
    this.types.diffType(loc, b.type, h.type, h.origin, sink);
  }

  private diffConstant(b: Decl, h: Decl, sink: Sink): void {
    const loc = h.name;
    if (b.constant === undefined || h.constant === undefined) {
      const message = b.constant === undefined ? "became a constant" : "is no longer a constant";
      sink({ rule: "type-changed", location: loc, message, at: h.origin });
      return;
    }
    const bv: JsonValue = b.constant.value;
    const hv: JsonValue = h.constant.value;
    const role = h.constant.role;
    if (b.constant.role !== role) {
      const message = `constant role ${b.constant.role ?? "none"} → ${role ?? "none"}`;
      sink({ rule: "constant-changed", location: loc, message, at: h.origin });
    }
    if (same(bv, hv)) return;
    const at = { file: h.origin.file, pointer: `${h.origin.pointer}/const` };
    const message = `value ${JSON.stringify(bv)} → ${JSON.stringify(hv)}`;
    if (role === "protocol-version" && b.constant.role === role) {
      const text = `protocol version ${JSON.stringify(bv)} → ${JSON.stringify(hv)}`;
      sink({ rule: "version-changed", location: loc, message: text, at, before: bv, after: hv });
    } else if (role === "frame-limit" && b.constant.role === role && typeof bv === "number" && typeof hv === "number") {
      const rule: RuleId = hv > bv ? "frame-limit-raised" : "frame-limit-lowered";
      sink({ rule, location: loc, message: `frame limit ${bv} → ${hv} bytes`, at, before: bv, after: hv });
    } else sink({ rule: "constant-changed", location: loc, message, at, before: bv, after: hv });
  }

  /** Writers of a frame definition: compared as computed (x-sent-by, or inherited when it is dropped on one side). */
  private diffSentBy(b: Decl, h: Decl, dir: Direction): void {
    if (b.sentBy === undefined && h.sentBy === undefined) return;
    const bd = this.baseDir?.of(b);
    const hd = this.headDir?.of(h);
    if (bd === undefined || hd === undefined || !bd.known || !hd.known) return;
    const parties = this.allParties().writers;
    const at = { file: h.origin.file, pointer: `${h.origin.pointer}/x-sent-by` };
    const [bs, hs] = [bd.writers, hd.writers];
    for (const p of hs.filter((x) => !bs.includes(x))) {
      const r: Raw = {
        rule: "sent-by-added",
        location: h.name,
        message: `now also written by ${p}`,
        at,
        before: bs,
        after: hs,
      };
      this.add({ ...r, parties: { readers: readersOf([p], parties), writers: [p] } }, dir);
    }
    for (const p of bs.filter((x) => !hs.includes(x))) {
      const r: Raw = {
        rule: "sent-by-removed",
        location: h.name,
        message: `no longer written by ${p}`,
        at,
        before: bs,
        after: hs,
      };
      this.add({ ...r, parties: { readers: readersOf([p], parties), writers: [p] } }, dir);
    }
  }
}

export function diffProtocol(name: string, base: Protocol | undefined, head: Protocol | undefined): ProtocolDiff {
  return new ProtocolDiffer(name, base, head).run();
}
