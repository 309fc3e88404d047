// Collects every schema error and warning of a run, so that all of them are reported at once.
import { SchemaError, SchemaErrors } from "../../../errors";
import type { Location } from "../source";
import type { Warning } from "../types";

export class Problems {
  readonly errors: SchemaError[] = [];
  readonly warnings: Warning[] = [];
  private readonly seen = new Set<string>();
  private readonly unknown = new Map<string, { count: number; first: Location }>();

  error(at: Location, problem: string, hint: string): void {
    const key = `${at.file}#${at.pointer}\0${problem}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    this.errors.push(new SchemaError(at.file, at.pointer, problem, hint));
  }

  warn(at: Location, message: string): void {
    const key = `w${at.file}#${at.pointer}\0${message}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    this.warnings.push({ origin: { file: at.file, pointer: at.pointer }, message });
  }

  unknownKeyword(keyword: string, at: Location): void {
    const u = this.unknown.get(keyword);
    if (u === undefined) this.unknown.set(keyword, { count: 1, first: at });
    else u.count++;
  }

  /** The one warning that lists every unknown keyword (annotations), with a count and a first place each. */
  unknownKeywordsWarning(): Warning | undefined {
    if (this.unknown.size === 0) return undefined;
    const list = [...this.unknown]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([k, u]) => `${k} (${u.count}×, first at ${u.first.file}#${u.first.pointer})`);
    const first = [...this.unknown.values()][0]!.first;
    return {
      origin: { file: first.file, pointer: first.pointer },
      message: `keywords taken as annotations (not enforced): ${list.join(", ")}`,
    };
  }

  /** Throws every error found so far, in file and pointer order. */
  throwIfAny(): void {
    if (this.errors.length === 0) return;
    const sorted = [...this.errors].sort((a, b) =>
      a.file === b.file ? comparePointers(a.pointer, b.pointer) : a.file < b.file ? -1 : 1,
    );
    throw sorted.length === 1 ? sorted[0]! : new SchemaErrors(sorted);
  }
}

function comparePointers(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
