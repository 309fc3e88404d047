// How changes combine: the effect of several changes at once, and what an effect breaks.
import type { Classification, Effect } from "./types";

export function combineEffects(a: Effect, b: Effect): Effect {
  if (a === "none") return b;
  if (b === "none" || a === b) return a;
  return "both";
}

export function classificationOf(effect: Effect): Classification {
  switch (effect) {
    case "none":
      return "safe";
    case "widen":
      return "breaks-old-readers";
    case "narrow":
      return "breaks-old-writers";
    case "both":
      return "breaks-old-readers-and-writers";
  }
}

/** The rule of a change whose direction is computed: one rule id per effect. */
export function ruleByEffect<R>(effect: Exclude<Effect, "none">, rules: { widen: R; narrow: R; both: R }): R {
  return rules[effect];
}
