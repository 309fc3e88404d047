// Which parties write and read each definition of a protocol, from x-sent-by and x-result.
// A definition is written by every party that writes a frame (transitively) containing it; the result of a
// request is written by the request's readers. A union that only groups frames (RunnerFrame) gets its
// variants' writers. A definition nothing reaches is treated as written and read by every party.
import { children } from "../ir/query";
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
  /** The direction of a definition (unknown for one the protocol does not have). */
  of(decl: Decl | undefined): Direction;
}

/** The definitions a type refers to, typed positions and checks alike (a checked part of a value is written with it). */
function refsOf(t: Type, out: Decl[]): void {
  if (t.kind === "ref") out.push(t.decl);
  else children(t, (c) => refsOf(c, out));
}

const sorted = (s: Iterable<string>): string[] => [...new Set(s)].sort();

export function readersOf(writers: string[], parties: string[]): string[] {
  return sorted(writers.flatMap((w) => parties.filter((p) => p !== w)));
}

export function computeDirections(p: Protocol): Directions {
  const parties = sorted(p.decls.flatMap((d) => d.sentBy ?? []));
  const writers = new Map<Decl, Set<string>>();
  const refs = new Map<Decl, Decl[]>();
  for (const d of p.decls) {
    const out: Decl[] = [];
    if (d.constant === undefined) refsOf(d.type, out);
    refs.set(d, out);
  }

  /** Adds `ws` to the writers of `decl` and of everything it contains; true when something grew. */
  const mark = (decl: Decl, ws: string[]): boolean => {
    let grew = false;
    const stack = [decl];
    while (stack.length > 0) {
      const d = stack.pop()!;
      const set = writers.get(d) ?? new Set<string>();
      const before = set.size;
      for (const w of ws) set.add(w);
      writers.set(d, set);
      if (set.size === before && before > 0) continue;
      if (set.size !== before) grew = true;
      stack.push(...(refs.get(d) ?? []));
    }
    return grew;
  };

  for (const d of p.decls) if (d.sentBy !== undefined) mark(d, d.sentBy);
  // Results are written by the request's readers; a result may itself contain a request, so repeat.
  for (let changed = true, rounds = 0; changed && rounds < 100; rounds++) {
    changed = false;
    for (const d of p.decls) {
      if (d.result === undefined) continue;
      const ws = writers.get(d);
      if (ws === undefined || ws.size === 0) continue;
      if (mark(d.result, readersOf([...ws], parties))) changed = true;
    }
  }
  // Groupings of frames (unions over frame definitions, such as RunnerFrame) get their variants' writers.
  const result = new Map<Decl, Direction>();
  for (const d of p.decls) {
    let ws = writers.get(d) ?? new Set<string>();
    if (ws.size === 0 && d.type.kind === "union")
      ws = new Set((refs.get(d) ?? []).flatMap((r) => [...(writers.get(r) ?? [])]));
    if (ws.size > 0) result.set(d, { writers: sorted(ws), readers: readersOf(sorted(ws), parties), known: true });
  }
  const unknown: Direction = { writers: parties, readers: parties, known: false };
  return { parties, of: (decl) => (decl === undefined ? undefined : result.get(decl)) ?? unknown };
}

/** Both sides' view of one definition, merged (a party that writes it on either side writes it). */
export function mergeDirections(a: Direction | undefined, b: Direction | undefined): Direction {
  if (a === undefined) return b ?? { writers: [], readers: [], known: false };
  if (b === undefined) return a;
  return {
    writers: sorted([...a.writers, ...b.writers]),
    readers: sorted([...a.readers, ...b.readers]),
    known: a.known || b.known,
  };
}
