// Where an inline object or union sits, so that the naming pass can name it from its place
// (parent definition and property, array item, map value, union variant), never from a counter.
import type { Decl, Kind, UnionType } from "../types";

export type HintStep =
  | { step: "property"; key: string }
  | { step: "item" }
  | { step: "prefix"; index: number }
  | { step: "value" }
  | { step: "pattern"; source: string }
  | { step: "variant"; union: UnionType; index: number }
  | { step: "kind"; kind: Kind };

export interface Hint {
  owner: Decl;
  steps: HintStep[];
  /** x-name on the inline schema itself: the name to use, as written. */
  override?: string;
}

export const childHint = (h: Hint, step: HintStep): Hint => ({ owner: h.owner, steps: [...h.steps, step] });
