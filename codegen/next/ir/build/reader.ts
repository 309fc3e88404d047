// One subschema as the builder reads it: its location, draft and keywords, and the helpers every
// keyword family uses to read values and report problems (never thrown: collected, all at once).
import { childPointer } from "../../../errors";
import type { Doc, JsonValue, Origin } from "../types";
import type { Draft, Location } from "../source";
import { assertingKeywords } from "../vocabulary";
import type { Problems } from "./problems";

export type Obj = Record<string, unknown>;

export function isObj(v: unknown): v is Obj {
  return v !== null && typeof v === "object" && !Array.isArray(v);
}

export class SchemaReader {
  private readonly asserting: ReadonlySet<string>;

  constructor(
    readonly at: Location,
    readonly node: Obj,
    readonly draft: Draft,
    private readonly problems: Problems,
    defined?: ReadonlySet<string>,
  ) {
    const asserting = assertingKeywords(draft);
    this.asserting = defined === undefined ? asserting : new Set([...asserting].filter((k) => defined.has(k)));
  }

  get origin(): Origin {
    return { file: this.at.file, pointer: this.at.pointer };
  }

  /** True when the keyword is present and takes part in validation in this draft. */
  has(keyword: string): boolean {
    return this.asserting.has(keyword) && Object.prototype.hasOwnProperty.call(this.node, keyword);
  }

  get(keyword: string): unknown {
    return this.has(keyword) ? this.node[keyword] : undefined;
  }

  /** Present at all (asserting or not): extensions, annotations. */
  raw(keyword: string): unknown {
    return Object.prototype.hasOwnProperty.call(this.node, keyword) ? this.node[keyword] : undefined;
  }

  loc(...tokens: (string | number)[]): Location {
    let pointer = this.at.pointer;
    for (const t of tokens) pointer = childPointer(pointer, t);
    return { file: this.at.file, pointer };
  }

  error(keyword: string | undefined, problem: string, hint: string): void {
    const at = keyword === undefined ? this.at : this.loc(keyword);
    this.problems.error(at, problem, hint);
  }

  /** A keyword neither the draft nor the generator knows: an annotation, listed once in a warning. */
  unknownKeyword(keyword: string): void {
    this.problems.unknownKeyword(keyword, this.loc(keyword));
  }

  warn(keyword: string | undefined, message: string): void {
    this.problems.warn(keyword === undefined ? this.at : this.loc(keyword), message);
  }

  /** A finite number, or undefined (absent or wrong: reported). */
  number(keyword: string): number | undefined {
    const v = this.get(keyword);
    if (v === undefined) return undefined;
    if (typeof v !== "number" || !Number.isFinite(v)) {
      const what = typeof v === "number" ? "a number within the range of a double (at most about 1.8e308)" : "a number";
      this.error(keyword, `${keyword} must be ${what}`, `fix the value of ${keyword}`);
      return undefined;
    }
    return v;
  }

  /** A whole number >= 0 (1.0 counts, as the drafts say). */
  count(keyword: string): number | undefined {
    const v = this.number(keyword);
    if (v !== undefined && (!Number.isInteger(v) || v < 0)) {
      this.error(keyword, `${keyword} must be a whole number >= 0`, `fix the value of ${keyword}`);
      return undefined;
    }
    return v;
  }

  /** An array of strings (property names), or undefined. */
  names(keyword: string): string[] | undefined {
    const v = this.get(keyword);
    if (v === undefined) return undefined;
    if (!Array.isArray(v) || !v.every((x) => typeof x === "string")) {
      this.error(keyword, `${keyword} must be an array of property names`, `fix the value of ${keyword}`);
      return undefined;
    }
    return v as string[];
  }

  /** The annotations of this node, for doc comments. */
  doc(): Doc | undefined {
    const n = this.node;
    const d: Doc = {};
    if (typeof n.title === "string") d.title = n.title;
    if (typeof n.description === "string") d.description = n.description;
    if (n.deprecated === true) d.deprecated = true;
    if (n.readOnly === true) d.readOnly = true;
    if (n.writeOnly === true) d.writeOnly = true;
    if ("default" in n) d.default = n.default as JsonValue;
    if (Array.isArray(n.examples)) d.examples = n.examples as JsonValue[];
    if (typeof n.format === "string") d.format = n.format;
    if (typeof n.contentMediaType === "string") d.contentMediaType = n.contentMediaType;
    if (typeof n.contentEncoding === "string") d.contentEncoding = n.contentEncoding;
    return Object.keys(d).length === 0 ? undefined : d;
  }
}
