// The JSON kinds as bits, as the runtime's $kindBit gives them: a type's mask is the kinds it accepts.
import { kindsAccepted } from "../ir/query";
import type { Kind, Type, UnionType } from "../ir/types";

export const KIND_BITS: Record<Kind, number> = { object: 1, array: 2, string: 4, number: 8, boolean: 16, null: 32 };
export const kindMask = (t: Type): number => kindsAccepted(t).reduce((m, k) => m | KIND_BITS[k], 0);

/** The kinds argument of $union / $which: each variant's mask, as an array literal. */
export const variantKinds = (u: UnionType): string => `[${u.variants.map(kindMask).join(", ")}]`;
