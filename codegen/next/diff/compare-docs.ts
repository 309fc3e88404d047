// What never changes validity, compared where the IR keeps it for a definition or a property:
// description and title, deprecated, and the other annotations. (A format annotation is compared by
// the format family; x-secret by the string comparison.)
import type { Doc, JsonValue, Origin } from "../ir/types";
import { atKey, beforeAfter, opt, same, type Sink } from "./report";

const ANNOTATIONS = ["default", "examples", "readOnly", "writeOnly", "contentMediaType", "contentEncoding"] as const;

/** readOnly: false and writeOnly: false say nothing. */
const normal = (key: string, v: JsonValue | undefined): JsonValue | undefined =>
  v === false && (key === "readOnly" || key === "writeOnly") ? undefined : v;

const show = (v: JsonValue | undefined): string => (v === undefined ? "none" : JSON.stringify(v));

export function diffDoc(loc: string, b: Doc | undefined, h: Doc | undefined, at: Origin | undefined, sink: Sink): void {
  if ((b?.description ?? "") !== (h?.description ?? "")) {
    const ba = beforeAfter(b?.description, h?.description);
    sink({ rule: "description-changed", location: loc, message: "description changed", ...opt(at), ...ba });
  }
  if ((b?.title ?? "") !== (h?.title ?? "")) {
    const ba = beforeAfter(b?.title, h?.title);
    sink({ rule: "description-changed", location: loc, message: "title changed", ...atKey(at, "title"), ...ba });
  }
  if ((b?.deprecated ?? false) !== (h?.deprecated ?? false)) {
    const message = h?.deprecated ? "marked deprecated" : "no longer deprecated";
    sink({ rule: "deprecated-changed", location: loc, message, ...opt(at) });
  }
  for (const key of ANNOTATIONS) {
    const [bv, hv] = [normal(key, b?.[key]), normal(key, h?.[key])];
    if (same(bv, hv)) continue;
    const message = `${key} ${show(bv)} → ${show(hv)}`;
    sink({ rule: "annotation-changed", location: loc, message, ...atKey(at, key), ...beforeAfter(bv, hv) });
  }
}
