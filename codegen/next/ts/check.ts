// The checks of a value, as TypeScript statements, in the order of codegen/SEMANTICS.md. Shared by
// decoding (on the value JSON.parse gives) and encoding (on the value handed to the encoder).
// A value is an identifier `x` whose pointer is at(p, k): `k` is an escaped key literal, an index
// variable, or absent (then the pointer is p). Pointers are built only where a check fails, or
// once for a container whose children need it.
import { dispatchLeaves, isLargeObject, isNullable, kindsAccepted, LARGE_OBJECT_CHUNK, nullableOf } from "../ir/query";
import type {
  Applicator,
  ArrayType,
  Decl,
  Dispatch,
  NumberCheck,
  ObjectType,
  Property,
  StringCheck,
  Type,
  UnionType,
} from "../ir/types";
import type { Printer } from "../print/printer";
import { tsKeywordCheck } from "./keywords";
import { canonOf } from "./values";
import { args, esc, lit, ptr, type Val } from "./value";
import { booleanConstFailure, fusesWithType, tsFusedStringValues } from "../keywords/const-enum";
import { unionFilters } from "./filters";
import { variantKinds } from "./kinds";
import { Hoisted } from "./hoisted";

export type { Val };

/**
 * Local names of the checks of one value, derived from that value's own identifier (v_tools_q,
 * v_tools_e, ...): two values never share names, and a change to one property renames nothing else.
 */
/** More properties than this make an object "large" (see objectBody). */

export class Scope {
  constructor(
    readonly tag = "",
    private readonly nesting = 0,
  ) {}
  /** The scope of a child value whose identifier is x. */
  at(x: string): Scope {
    return new Scope(x);
  }
  /** The same value, one evaluation record deeper (nested unevaluated*). */
  deeper(): Scope {
    return new Scope(this.tag, this.nesting + 1);
  }
  name(base: string): string {
    const b = this.nesting === 0 ? base : `${base}${this.nesting + 1}`;
    return this.tag === "" ? b : `${this.tag}_${b}`;
  }
}

/** Definitions whose checks are also needed in their recording form (shared by all printers of one file). */
export type Tracked = Set<Decl>;

const isUnevaluated = (a: Applicator): boolean =>
  a.family === "unevaluatedProperties" || a.family === "unevaluatedItems";

/**
 * Whether v (a union's value, an object) has member `key` of its own and not undefined: $has inline,
 * with the shortcut of `$need` in objectBody. Written as prettier keeps it, so that no chunk needs prettier.
 */
const hasMember = (key: string): string =>
  `(v as $Obj)[${lit(key)}] !== undefined && (!(${mayInherit([key], "v")}) || $hasOwn.call(v, ${lit(key)}))`;
const lacksMember = (key: string): string =>
  `(v as $Obj)[${lit(key)}] === undefined || ((${mayInherit([key], "v")}) && !$hasOwn.call(v, ${lit(key)}))`;

/**
 * Whether a defined member of object `o` read under one of these keys may not be its own: true unless
 * `o` is plain (runtime $mayInherit) and Object.prototype has none of the keys. Where it is false the
 * $hasOwn calls are skipped.
 */
const mayInherit = (keys: readonly string[], o: string): string =>
  [`$mayInherit(${o})`, ...keys.map((k) => `${lit(k)} in $proto`)].join(" || ");

/**
 * A leaf check: the runtime call, which builds the pointer only on failure; where the pointer's base
 * is itself an expression (an object that builds none, objectBody), the call's arguments would build
 * it every time, so the test is inline and the call (or onFailure) made on failure.
 */
const leafCheck = (base: string, failing: string, call: string, onFailure = call): string =>
  /^[A-Za-z_$][\w$]*$/.test(base) ? `${call};` : `if (${failing}) ${onFailure};`;

export class TsChecks {
  constructor(
    private readonly pr: Printer,
    readonly tracked: Tracked = new Set(),
    readonly hoisted: Hoisted = new Hoisted(),
  ) {}

  /**
   * Prints the checks of value v of type t. With `ev` (the name of an evaluation record in scope),
   * also records which members and elements of v the checks evaluated (for unevaluated*).
   */
  check(t: Type, v: Val, scope: Scope, ev?: string): void {
    this.evaluated(t, v, scope, ev, (record) => this.shape(t, v, scope, record));
  }

  /**
   * The shape's checks (printed by `shape`), then the applicators. When the applicators include
   * unevaluated*, both run with an evaluation record of their own, so that unevaluated* sees what
   * the others evaluated; an enclosing record (`ev`) then counts everything as evaluated.
   */
  evaluated(t: Type, v: Val, scope: Scope, ev: string | undefined, shape: (ev: string | undefined) => void): void {
    if (!(t.also ?? []).some(isUnevaluated)) {
      shape(ev);
      for (const a of t.also ?? []) this.applicator(a, v, scope, ev);
      return;
    }
    const inner = scope.deeper();
    this.pr.block("{", () => {
      const local = scope.name("ev");
      this.pr.raw(`const ${local} = $newEv();`);
      shape(local);
      for (const a of t.also ?? []) this.applicator(a, v, inner, local);
      if (ev !== undefined) this.pr.raw(`$evAll(${v.x}, ${ev});`);
    });
  }

  /** A module-level `const $variantsN` of these checks (made once, not on every call), by name. */
  hoist(type: string, fns: readonly string[]): string {
    return this.hoisted.add("$variants", (name) => constArray(name, type, fns));
  }

  /** A module-level function `$knownN(key)`: whether key is one of these; by name. */
  hoistKnown(keys: readonly string[]): string {
    return this.hoisted.add("$known", (name) => knownFunction(name, keys));
  }

  /** A module-level function `<prefix>N(key)` returning whether any of these tests holds; by name. */
  private hoistPredicate(prefix: string, tests: readonly string[]): string {
    return this.hoisted.add(
      prefix,
      (name) => `function ${name}(key: string): boolean {\n  return ${tests.join(" || ")};\n}`,
    );
  }

  /**
   * A check as a function (for unions, not, if, contains, ...), by name; recording with `tracking`.
   * An inline one is a module-level function `$checkN`: made once, not a closure on every call.
   */
  fn(t: Type, tracking = false): string {
    if (t.kind === "ref" && t.decl.constant === undefined && t.also === undefined) {
      if (!tracking) return t.decl.names.ts.check;
      this.tracked.add(t.decl);
      return t.decl.names.ts.checkEv!;
    }
    const inner = this.pr.fork();
    // a function of its own: it sees none of the enclosing function's locals
    const s = new Scope();
    const x = "v";
    const p = "p";
    const k = "k";
    const ev = tracking ? "ev" : undefined;
    new TsChecks(inner, this.tracked, this.hoisted).check(t, { x, p, k }, s, ev);
    const body = inner.toString().trimEnd();
    if (body === "") return tracking ? "$okEv" : "$ok";
    const params = tracking
      ? `${x}: unknown, ${p}: string, ${k}: $Key, ${ev}: $Ev`
      : `${x}: unknown, ${p}: string, ${k}?: $Key`;
    return this.hoisted.add("$check", (name) => `function ${name}(${params}): void {\n${indent(body)}\n}`);
  }

  private shape(t: Type, v: Val, scope: Scope, ev: string | undefined): void {
    const { pr } = this;
    switch (t.kind) {
      case "ref": {
        const d = t.decl;
        if (d.constant !== undefined) return this.shape(d.type, v, scope, ev);
        if (ev === undefined) pr.raw(`${d.names.ts.check}(${v.x}, ${args(v)});`);
        else {
          this.tracked.add(d);
          pr.raw(`${d.names.ts.checkEv}(${v.x}, ${v.p}, ${v.k ?? "undefined"}, ${ev});`);
        }
        return;
      }
      case "string": {
        const first = t.checks[0];
        if (fusesWithType(first)) {
          this.scalarChecks(t.checks.slice(1), v, tsFusedStringValues(pr, first, v));
          return;
        }
        pr.raw(
          leafCheck(v.p, `typeof ${v.x} !== "string" || ($sur && !$wellFormed(${v.x}))`, `$str(${v.x}, ${args(v)})`),
        );
        this.scalarChecks(t.checks, v);
        return;
      }
      case "integer":
        pr.raw(
          leafCheck(v.p, `typeof ${v.x} !== "number" || !Number.isSafeInteger(${v.x})`, `$int(${v.x}, ${args(v)})`),
        );
        this.scalarChecks(t.checks, v);
        return;
      case "number":
        pr.raw(leafCheck(v.p, `typeof ${v.x} !== "number" || !Number.isFinite(${v.x})`, `$num(${v.x}, ${args(v)})`));
        this.scalarChecks(t.checks, v);
        return;
      case "boolean":
        pr.raw(leafCheck(v.p, `typeof ${v.x} !== "boolean"`, `$bool(${v.x}, ${args(v)})`));
        if (t.const !== undefined) {
          const f = booleanConstFailure(t);
          pr.raw(`if (${v.x} !== ${t.const}) $fail(${lit(f.code)}, ${ptr(v)}, ${lit(f.message)});`);
        }
        return;
      case "null":
        pr.raw(leafCheck(v.p, `${v.x} !== null`, `$nul(${v.x}, ${args(v)})`));
        return;
      case "any": {
        const kinds = t.kinds === undefined ? "undefined" : `[${t.kinds.map(lit).join(", ")}]`;
        pr.raw(`$free(${v.x}, ${args(v)}${v.k === undefined ? ", undefined" : ""}, ${kinds});`);
        return;
      }
      case "never":
        pr.raw(`$never(${v.x}, ${args(v)});`);
        return;
      case "enum":
        pr.raw(
          `$oneOfValues(${v.x}, ${v.p}, ${v.k ?? "undefined"}, [${t.values.map((x) => lit(canonOf(x))).join(", ")}], ${lit(t.code)});`,
        );
        return;
      case "array":
        return this.array(t, v, scope, ev);
      case "object":
        return this.inlineObject(t, v, scope, ev);
      case "union":
        return this.union(t, v, scope, ev);
    }
  }

  /**
   * A scalar's keyword checks; none after one that fails every value (code after it is unreachable
   * to tsc). A const or enum check after another (allOf parts merged) compares only with the values
   * the ones before allow: a value that reaches it passed them, so the verdicts are the same, and
   * tsc, which narrows the value to the literals before, refuses comparisons with others (TS2367).
   * `allowed`: the values a fused check printed before these allows.
   */
  private scalarChecks(
    checks: readonly (StringCheck | NumberCheck)[],
    v: Val,
    allowed?: readonly (string | number)[],
  ): void {
    for (const c of checks) {
      if (c.family !== "const" && c.family !== "enum") {
        tsKeywordCheck(this.pr, c, v);
        continue;
      }
      const own: readonly (string | number)[] = c.family === "const" ? [c.value] : c.values;
      const kept = allowed === undefined ? own : own.filter((x) => allowed!.includes(x));
      allowed = kept;
      if (kept.length === 0) {
        const message =
          c.family === "enum"
            ? "no value is allowed"
            : `expected the constant ${typeof c.value === "string" ? JSON.stringify(c.value) : c.value}`;
        this.pr.raw(`$failAlways(${lit(c.family)}, ${ptr(v)}, ${lit(message)});`);
        return;
      }
      tsKeywordCheck(this.pr, c.family === "enum" ? ({ ...c, values: kept } as typeof c) : c, v);
    }
  }

  applicator(a: Applicator, v: Val, scope: Scope, ev?: string): void {
    const { pr } = this;
    const k = v.k ?? "undefined";
    const tracking = ev !== undefined;
    switch (a.family) {
      case "allOf":
        this.check(a.type, v, scope, ev);
        return;
      case "union":
        // beside a shape, whose checks have narrowed v's type: a nullable union's inline form
        // (if (v !== null) ...) would check v where tsc has narrowed it to never (TS2339)
        this.union(a.union, v, scope, ev, false);
        return;
      case "not":
        pr.raw(`$not(${v.x}, ${v.p}, ${k}, ${this.fn(a.type)});`);
        return;
      case "if": {
        // Without then or else, "if" only matters for what it evaluates.
        if (!tracking && a.then === undefined && a.else === undefined) return;
        const fns = [
          this.fn(a.if, tracking),
          a.then ? this.fn(a.then, tracking) : "undefined",
          a.else ? this.fn(a.else, tracking) : "undefined",
        ];
        pr.raw(
          tracking
            ? `$ifEv(${v.x}, ${v.p}, ${k}, ${fns.join(", ")}, ${ev});`
            : `$if(${v.x}, ${v.p}, ${k}, ${fns.join(", ")});`,
        );
        return;
      }
      case "unevaluatedProperties":
      case "unevaluatedItems": {
        if (ev === undefined) throw new Error(`generator bug: ${a.family} without an evaluation record`);
        const check = a.type.kind === "never" ? "undefined" : this.fn(a.type);
        pr.raw(`$${a.family}(${v.x}, ${ptr(v)}, ${ev}, ${check});`);
        return;
      }
    }
  }

  // ---- arrays ----

  private array(t: ArrayType, v: Val, scope: Scope, ev: string | undefined): void {
    const { pr } = this;
    pr.raw(`$arr(${v.x}, ${args(v)});`);
    for (const c of t.checks) if (c.family === "items-length") tsKeywordCheck(pr, c, v);
    // every element is checked (those of no schema as free-form values), so the array's pointer is needed
    let q = v.p;
    if (v.k !== undefined) {
      q = scope.name("q");
      pr.raw(`const ${q} = $at(${v.p}, ${v.k});`);
    }
    const i = scope.name("i");
    const e = scope.name("e");
    t.prefix.forEach((x, n) => {
      pr.block(`if (${v.x}.length > ${n}) {`, () => {
        pr.raw(`const ${e} = ${v.x}[${n}];`);
        this.check(x, { x: e, p: q, k: String(n) }, scope.at(e));
      });
    });
    if (t.items !== undefined) {
      pr.block(`for (let ${i} = ${t.prefix.length}; ${i} < ${v.x}.length; ${i}++) {`, () => {
        pr.raw(`const ${e} = ${v.x}[${i}];`);
        this.check(t.items!, { x: e, p: q, k: i }, scope.at(e));
      });
    } else {
      // elements no schema constrains are free-form values: walked for depth, lone surrogates and
      // non-finite numbers (Go's decoder reads them with Raw)
      pr.raw(
        `for (let ${i} = ${t.prefix.length}; ${i} < ${v.x}.length; ${i}++) $free(${v.x}[${i}], ${q}, ${i}, undefined);`,
      );
    }
    for (const c of t.checks) {
      if (c.family === "unique") pr.raw(`$unique(${v.x}, ${q});`);
      if (c.family === "contains") {
        const record = ev !== undefined && c.evaluates ? `, ${ev}` : "";
        pr.raw(`$contains(${v.x}, ${q}, ${this.fn(c.type)}, ${c.min}, ${c.max ?? "undefined"}${record});`);
      }
    }
    if (ev !== undefined) pr.raw(`$evItems(${v.x}, ${ev}, ${t.prefix.length}, ${t.items !== undefined});`);
  }

  // ---- objects ----

  private inlineObject(t: ObjectType, v: Val, scope: Scope, ev: string | undefined): void {
    const known = this.hoistKnown(t.properties.map((p) => p.name));
    this.pr.block("{", () => this.objectBody(t, v, scope, known, ev));
  }

  /** The checks of an object value; `known` is the expression of its declared-keys predicate. */
  objectBody(t: ObjectType, v: Val, scope: Scope, known: string, ev?: string): void {
    const { pr } = this;
    const eager =
      t.properties.some((p) => !isLeaf(p.type)) ||
      t.patterns.length > 0 ||
      t.extras.kind === "map" ||
      t.checks.length > 0;
    const q = eager ? scope.name("q") : `$at(${v.p}, ${v.k ?? "undefined"})`;
    const o = scope.name("o");
    if (eager) {
      pr.raw(`const ${q} = ${v.k === undefined ? v.p : `$at(${v.p}, ${v.k})`};`);
      pr.raw(`const ${o} = $obj(${v.x}, ${q});`);
    } else pr.raw(`const ${o} = $isObj(${v.x}) && ${v.p}.length < 999 ? ${v.x} : $obj(${v.x}, ${q});`);
    const props = t.properties;
    const local = (p: Property) => scope.name(`v_${p.names.local}`);
    const allowed =
      t.patterns.length === 0
        ? known
        : this.hoistPredicate("$allowed", [`${known}(key)`, ...t.patterns.map((pp) => `${pp.pattern.name}.test(key)`)]);
    const extras = t.extras.kind !== "reject";
    // A closed object with pattern properties: its undeclared keys are extra members when a pattern matches them.
    const matched = !extras && t.patterns.length > 0;
    // A large object (hundreds of properties, as merged configuration schemas have) checks its
    // properties in nested functions of a few dozen each: one long function body is more than tsc's
    // control flow analysis takes. (No presence flags from the key loop: a $hasOwn call per present
    // member costs no more, bench/results, and takes a line less per property.)
    const large = isLargeObject(t);
    if (extras || matched) pr.raw(`let ${scope.name("extra")} = false;`);
    pr.block(`for (const key in ${o}) {`, () => {
      // A closed object's loop calls no $hasOwn: $closed skips what is not own (only an inherited
      // enumerable key gets there).
      if (extras || matched) {
        pr.raw(`if (!$hasOwn.call(${o}, key) || ${known}(key)) continue;`);
        pr.raw(`${scope.name("extra")} = true;`);
      } else {
        pr.raw(`if (${known}(key)) continue;`);
        pr.raw(`if (${o}[key] !== undefined) $closed(${o}, ${allowed}, ${q});`);
      }
    });
    if (matched) pr.raw(`if (${scope.name("extra")}) $closed(${o}, ${allowed}, ${q});`);
    if (!large) for (const p of props) pr.raw(`const ${local(p)} = ${o}[${lit(p.name)}];`);
    const present = (p: Property) => `${local(p)} !== undefined && $hasOwn.call(${o}, ${lit(p.name)})`;
    const required = props.filter((p) => p.required);
    if (large) for (const p of required) pr.raw(`if (!$has(${o}, ${lit(p.name)})) $missing(${lit(p.name)}, ${q});`);
    else if (required.length > 0) {
      // While a parsed document is checked ($src set), a member read from one of its objects (plain,
      // as JSON.parse makes them) is its own unless Object.prototype has that key: tests that cost
      // nothing once compiled, where a $hasOwn call per member does not. Inline: in a helper, the
      // reads and `in` would share megamorphic feedback. An encoder's values that are not plain take $need.
      const fast = [
        ...required.map((p) => `${local(p)} === undefined`),
        mayInherit(
          required.map((p) => p.name),
          o,
        ),
      ];
      pr.raw(`if (${fast.join(" || ")}) $need(${o}, ${q}, ${required.map((p) => lit(p.name)).join(", ")});`);
    }
    for (const c of t.checks) {
      if (c.family === "dependentRequired") {
        pr.block(`if ($has(${o}, ${lit(c.key)})) {`, () => {
          for (const r of c.required) pr.raw(`if (!$has(${o}, ${lit(r)})) $missing(${lit(r)}, ${q});`);
        });
      }
    }
    for (const c of t.checks) {
      if (c.family === "size") pr.raw(`$sizeCheck(${o}, ${q}, ${c.min ?? "undefined"}, ${c.max ?? "undefined"});`);
      if (c.family === "propertyNames") pr.raw(`$propertyNames(${o}, ${q}, ${this.fn(c.type)});`);
    }
    const propertyCheck = (p: Property) => {
      const body = () => {
        const pv: Val = { x: local(p), p: q, k: lit(esc(p.name)) };
        this.check(p.type, pv, scope.at(pv.x));
        // a block of its own: the pattern's check may name the same locals as the property's. The
        // value again as unknown: the property's checks have narrowed it, and tsc refuses the
        // pattern's comparisons with other literals (TS2367, seed 777 schema of the gotuple branch)
        for (const i of p.patterns ?? [])
          pr.block("{", () => {
            pr.raw(`const pv_${i}: unknown = ${pv.x};`);
            const mv: Val = { ...pv, x: `pv_${i}` };
            this.check(t.patterns[i]!.type, mv, scope.at(mv.x));
          });
      };
      if (large) pr.raw(`const ${local(p)} = ${o}[${lit(p.name)}];`);
      if (p.required) body();
      else pr.block(`if (${present(p)}) {`, body);
    };
    if (!large) props.forEach(propertyCheck);
    for (let at = 0; large && at < props.length; at += LARGE_OBJECT_CHUNK) {
      const members = scope.name(`members_${props[at]!.names.local}`);
      pr.block(`function ${members}(): void {`, () => props.slice(at, at + LARGE_OBJECT_CHUNK).forEach(propertyCheck));
      pr.raw(`${members}();`);
    }
    if (extras || matched) this.extraMembers(t, o, q, known, scope);
    for (const c of t.checks) {
      if (c.family === "dependentSchemas") {
        pr.block(`if ($has(${o}, ${lit(c.key)})) {`, () => this.check(c.type, { x: o, p: q }, scope.deeper(), ev));
      }
    }
    if (ev !== undefined) {
      const patterns =
        t.patterns.length === 0
          ? "undefined"
          : this.hoistPredicate(
              "$patterns",
              t.patterns.map((pp) => `${pp.pattern.name}.test(key)`),
            );
      const all = t.extras.kind !== "keep" || t.extras.evaluated === true;
      // a key only required (Property.undeclared) is evaluated by no keyword of this object
      const evaluated = t.properties.some((p) => p.undeclared === true)
        ? this.hoistKnown(t.properties.filter((p) => p.undeclared !== true).map((p) => p.name))
        : known;
      pr.raw(`$evObject(${o}, ${ev}, ${evaluated}, ${patterns}, ${all});`);
    }
  }

  /** The members no property declares, in property order: pattern properties, then the map or free-form values. */
  private extraMembers(t: ObjectType, o: string, q: string, known: string, scope: Scope): void {
    const { pr } = this;
    const flag = scope.name("extra");
    if (t.patterns.length === 0 && t.extras.kind === "keep") {
      pr.raw(`if (${flag}) $extras(${o}, ${known}, ${q});`);
      return;
    }
    pr.block(`if (${flag}) {`, () => {
      pr.block(`for (const key of Object.keys(${o})) {`, () => {
        const x = scope.name("x");
        pr.raw(`const ${x} = ${o}[key];`);
        pr.raw(`if (${x} === undefined || ${known}(key)) continue;`);
        pr.raw(`if ($sur && !$wellFormed(key)) $fail("utf8", ${q}, "object key holds an unpaired UTF-16 surrogate");`);
        const member: Val = { x, p: q, k: "$esc(key)" };
        const fallback =
          t.extras.kind === "map"
            ? t.extras.type
            : t.extras.kind === "keep"
              ? ({ kind: "any", origin: t.origin } as Type)
              : undefined;
        const matched = scope.name("matched");
        if (fallback !== undefined && t.patterns.length > 0) pr.raw(`let ${matched} = false;`);
        for (const pp of t.patterns) {
          pr.block(`if (${pp.pattern.name}.test(key)) {`, () => {
            if (fallback !== undefined) pr.raw(`${matched} = true;`);
            this.check(pp.type, member, scope.at(x));
          });
        }
        if (fallback !== undefined) {
          if (t.patterns.length > 0) pr.block(`if (!${matched}) {`, () => this.check(fallback, member, scope.at(x)));
          else this.check(fallback, member, scope.at(x));
        }
      });
    });
  }

  // ---- unions ----

  private union(u: UnionType, v: Val, scope: Scope, ev: string | undefined, inline = true): void {
    const { pr } = this;
    const k = v.k ?? "undefined";
    const tracking = ev !== undefined;
    // the variants, filters and pick function are module-level declarations (hoisted), made once
    if (u.dispatch === undefined) {
      const fns = u.variants.map((x) => this.fn(x, tracking));
      const expected = [...new Set(u.variants.flatMap((x) => kindsAccepted(x)))].join(" or ") || "nothing";
      const kinds = variantKinds(u);
      if (tracking) {
        const variants = this.hoist("$CheckEv", fns);
        pr.raw(
          `$unionEv(${v.x}, ${v.p}, ${k}, ${u.mode === "oneOf"}, ${variants}, ${kinds}, ${lit(expected)}, ${ev});`,
        );
        return;
      }
      const variants = this.hoist("$Check", fns);
      const filters = unionFilters(u);
      const filtersArg =
        filters === undefined
          ? ""
          : `, ${this.hoisted.add("$filters", (name) => constArray(name, "$Filter", filters))}`;
      const rest = `${u.mode === "oneOf"}, ${variants}, ${kinds}, ${lit(expected)}${filtersArg}`;
      pr.raw(`$union(${v.x}, ${v.p}, ${k}, ${rest});`);
      return;
    }
    if (inline && isNullable(u)) {
      const other = nullableOf(u);
      pr.block(`if (${v.x} !== null) {`, () => this.check(other, v, scope.deeper(), ev));
      return;
    }
    const leaves = new Set(dispatchLeaves(u.dispatch));
    const none = tracking ? "$okEv" : "$ok";
    const fns = u.variants.map((x, i) => (leaves.has(i) ? this.fn(x, tracking) : none));
    const body = indent(pickBody(u.dispatch));
    const pick = this.hoisted.add(
      "$pick",
      (name) => `function ${name}(v: unknown, p: string, ignore: boolean): number {\n${body}\n}`,
    );
    const variants = this.hoist(tracking ? "$CheckEv" : "$Check", fns);
    pr.raw(
      tracking
        ? `$dispatchedEv(${v.x}, ${v.p}, ${k}, ${pick}, ${variants}, ${ev});`
        : `$dispatched(${v.x}, ${v.p}, ${k}, ${pick}, ${variants});`,
    );
  }
}

/** A type whose checks need no parent pointer unless they fail (scalars, constants included). */
export function isLeaf(t: Type): boolean {
  if (t.also !== undefined && t.also.length > 0) return false;
  if (t.kind === "ref") return t.decl.constant !== undefined && isLeaf(t.decl.type);
  return (
    t.kind === "string" || t.kind === "integer" || t.kind === "number" || t.kind === "boolean" || t.kind === "null"
  );
}

/** `function name(key: string): boolean`, whether key is one of keys (a switch, as prettier lays it out). */
export function knownFunction(name: string, keys: readonly string[]): string {
  const cases =
    keys.length === 0
      ? ""
      : `  switch (key) {\n${keys.map((k) => `    case ${lit(k)}:\n`).join("")}      return true;\n  }\n`;
  return `function ${name}(key: string): boolean {\n${cases}  return false;\n}`;
}

/** `const name: readonly type[] = [...];` laid out as prettier lays it out: on one line when it fits, else one element a line. */
export function constArray(name: string, type: string, items: readonly string[]): string {
  const line = `const ${name}: readonly ${type}[] = [${items.join(", ")}];`;
  if (line.length <= 120) return line;
  return `const ${name}: readonly ${type}[] = [\n${items.map((x) => `  ${x},`).join("\n")}\n];`;
}

export function indent(s: string): string {
  return s
    .split("\n")
    .map((l) => (l === "" ? "" : "  " + l))
    .join("\n");
}

/** The statements of a pick function (`v`, `p`, `ignore` in scope): every path returns a variant index or misses. */
export function pickBody(d: Dispatch): string {
  const out: string[] = [];
  const line = (depth: number, s: string) => out.push("  ".repeat(depth) + s);
  const walk = (x: Dispatch, depth: number, isObject: boolean, present: ReadonlySet<string>): void => {
    const needObject = () => {
      if (!isObject)
        line(depth, 'if (!$isObj(v)) return $miss(ignore, "type", p, `expected object, got ${$kindOf(v)}`);');
    };
    switch (x.by) {
      case "leaf":
        line(depth, `return ${x.variant};`);
        return;
      case "none":
        line(depth, 'return $miss(ignore, "unknown_variant", p, "the object matches no variant");');
        return;
      case "kind":
        line(depth, "switch ($kindOf(v)) {");
        for (const c of x.cases) {
          if (c.next.by === "leaf") line(depth + 1, `case ${lit(c.kind)}: return ${c.next.variant};`);
          else {
            line(depth + 1, `case ${lit(c.kind)}: {`);
            walk(c.next, depth + 2, isObject || c.kind === "object", present);
            line(depth + 1, "}");
          }
        }
        line(depth, "}");
        line(
          depth,
          `return $miss(ignore, "type", p, \`expected ${x.cases.map((c) => c.kind).join(" or ") || "nothing"}, got \${$kindOf(v)}\`);`,
        );
        return;
      case "presence":
        needObject();
        if (x.present.by === "leaf") line(depth, `if (${hasMember(x.key)}) return ${x.present.variant};`);
        else {
          line(depth, `if (${hasMember(x.key)}) {`);
          walk(x.present, depth + 1, true, new Set([...present, x.key]));
          line(depth, "}");
        }
        walk(x.absent, depth, true, present);
        return;
      case "const":
        needObject();
        if (!present.has(x.key))
          line(
            depth,
            `if (${lacksMember(x.key)}) return $miss(ignore, "unknown_variant", p, ${lit(`missing discriminator ${JSON.stringify(x.key)}`)});`,
          );
        line(depth, `switch ((v as $Obj)[${lit(x.key)}]) {`);
        for (const c of x.cases) {
          const label = `case ${JSON.stringify(c.value)}:`;
          if (c.next.by === "leaf") line(depth + 1, `${label} return ${c.next.variant};`);
          else {
            line(depth + 1, `${label} {`);
            walk(c.next, depth + 2, true, new Set([...present, x.key]));
            line(depth + 1, "}");
          }
        }
        line(depth, "}");
        line(
          depth,
          `return $miss(ignore, "unknown_variant", p + ${lit("/" + esc(x.key))}, ${lit(`the value of ${JSON.stringify(x.key)} matches no variant`)});`,
        );
        return;
    }
  };
  walk(d, 0, false, new Set());
  return out.join("\n");
}

/** Whether a union's variant i is reached by its dispatch. */
export function reachable(u: UnionType): number[] {
  return dispatchLeaves(u.dispatch!);
}

export type { Decl };
