// Which parties write and read each definition of a protocol, from x-sent-by and x-result.
// A definition is written by every party that writes a frame (transitively) containing it; the result of a
// request is written by the request's readers. A union that only groups frames (RunnerFrame) gets its
// variants' writers. A definition nothing reaches is treated as written and read by every party.
import type { Decl, Protocol, Type } from "../ir/types";

export interface Direction {
  /** Parties that write it, sorted. */
  writers: string[];
  /** Parties that read it (the other side of each writer), sorted; empty when the schema names only one party. */
  readers: string[];
  /** False when nothing in the schema says who writes it (then writers and readers are every party). */
  known: boolean;
}

export interface Directions {
  /** Every party named by x-sent-by, sorted. */
  parties: string[];
  of(name: string): Direction;
}

function refsOf(t: Type, out: string[]): void {
  if (t.kind === "ref") out.push(t.name);
  else if (t.kind === "array") refsOf(t.items, out);
  else if (t.kind === "object") for (const p of t.properties) refsOf(p.type, out);
  else if (t.kind === "union") for (const v of t.variants) refsOf(v, out);
}

const sorted = (s: Iterable<string>): string[] => [...new Set(s)].sort();

export function readersOf(writers: string[], parties: string[]): string[] {
  return sorted(writers.flatMap((w) => parties.filter((p) => p !== w)));
}

export function computeDirections(p: Protocol): Directions {
  const byName = new Map<string, Decl>(p.decls.map((d) => [d.name, d]));
  const parties = sorted(p.decls.flatMap((d) => d.sentBy ?? []));
  const writers = new Map<string, Set<string>>();
  const refs = new Map<string, string[]>();
  for (const d of p.decls) {
    const out: string[] = [];
    refsOf(d.type, out);
    refs.set(d.name, out);
  }

  /** Adds `ws` to the writers of `name` and of everything it contains; true when something grew. */
  const mark = (name: string, ws: string[]): boolean => {
    let grew = false;
    const stack = [name];
    while (stack.length > 0) {
      const n = stack.pop()!;
      const set = writers.get(n) ?? new Set<string>();
      const before = set.size;
      for (const w of ws) set.add(w);
      writers.set(n, set);
      if (set.size === before && before > 0) continue;
      if (set.size !== before) grew = true;
      stack.push(...(refs.get(n) ?? []));
    }
    return grew;
  };

  for (const d of p.decls) if (d.sentBy !== undefined) mark(d.name, d.sentBy);
  // Results are written by the request's readers; a result may itself contain a request, so repeat.
  for (let changed = true, rounds = 0; changed && rounds < 100; rounds++) {
    changed = false;
    for (const d of p.decls) {
      if (d.result === undefined || !byName.has(d.result)) continue;
      const ws = writers.get(d.name);
      if (ws === undefined || ws.size === 0) continue;
      if (mark(d.result, readersOf([...ws], parties))) changed = true;
    }
  }
  // Groupings of frames (unions over frame definitions, such as RunnerFrame) get their variants' writers.
  const result = new Map<string, Direction>();
  for (const d of p.decls) {
    let ws = writers.get(d.name) ?? new Set<string>();
    if (ws.size === 0 && d.type.kind === "union") ws = new Set((refs.get(d.name) ?? []).flatMap((r) => [...(writers.get(r) ?? [])]));
    if (ws.size > 0) result.set(d.name, { writers: sorted(ws), readers: readersOf(sorted(ws), parties), known: true });
  }
  const unknown: Direction = { writers: parties, readers: parties, known: false };
  return { parties, of: (name) => result.get(name) ?? unknown };
}

/** Both sides' view of one definition, merged (a party that writes it on either side writes it). */
export function mergeDirections(a: Direction | undefined, b: Direction | undefined): Direction {
  if (a === undefined) return b ?? { writers: [], readers: [], known: false };
  if (b === undefined) return a;
  return { writers: sorted([...a.writers, ...b.writers]), readers: sorted([...a.readers, ...b.readers]), known: a.known || b.known };
}
