// The five drafts the generator reads, and the "$schema" URIs that name them.

export type Draft = "draft-04" | "draft-06" | "draft-07" | "draft2019-09" | "draft2020-12";

/** Oldest first: a draft's position orders the rules that changed between drafts. */
export const DRAFTS: readonly Draft[] = ["draft-04", "draft-06", "draft-07", "draft2019-09", "draft2020-12"];

export const DEFAULT_DRAFT: Draft = "draft2020-12";

/** Each draft's official meta-schema URI, as its "$id" gives it, without the empty fragment. */
export const META_SCHEMA_URI: Readonly<Record<Draft, string>> = {
  "draft-04": "http://json-schema.org/draft-04/schema",
  "draft-06": "http://json-schema.org/draft-06/schema",
  "draft-07": "http://json-schema.org/draft-07/schema",
  "draft2019-09": "https://json-schema.org/draft/2019-09/schema",
  "draft2020-12": "https://json-schema.org/draft/2020-12/schema",
};

export function atLeast(draft: Draft, oldest: Draft): boolean {
  return DRAFTS.indexOf(draft) >= DRAFTS.indexOf(oldest);
}

/** Up to draft-07, "$ref" makes every sibling keyword ignored (so a sibling "$id" is no identifier). */
export function refOverridesSiblings(draft: Draft): boolean {
  return !atLeast(draft, "draft2019-09");
}

/** The keyword that gives a schema its URI: "id" in draft-04, "$id" from draft-06 on. */
export function idKeyword(draft: Draft): "id" | "$id" {
  return draft === "draft-04" ? "id" : "$id";
}

/**
 * The draft a "$schema" value names: the official URI with or without its empty fragment; drafts 04
 * to 07 also with https, a common spelling of their http URIs.
 */
export function draftOfSchemaUri(uri: string): Draft | undefined {
  const bare = uri.endsWith("#") ? uri.slice(0, -1) : uri;
  for (const draft of DRAFTS) {
    const official = META_SCHEMA_URI[draft];
    if (bare === official) return draft;
    if (!atLeast(draft, "draft2019-09") && bare === official.replace(/^http:/, "https:")) return draft;
  }
  return undefined;
}

/** The spellings to suggest when a "$schema" is not one of them. */
export function supportedSchemaUris(): string[] {
  return DRAFTS.map((d) => (atLeast(d, "draft2019-09") ? META_SCHEMA_URI[d] : `${META_SCHEMA_URI[d]}#`));
}

/** How messages name a draft: "draft-07", "draft 2020-12". */
export function draftLabel(draft: Draft): string {
  return draft.replace(/^draft(\d{4})/, "draft $1");
}
