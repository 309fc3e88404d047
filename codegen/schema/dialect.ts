// What a "$schema" value means: one of the five drafts by its official URI, or a custom meta-schema
// (a file of the protocol or an external document) whose own "$schema" names the draft and whose
// "$vocabulary" may leave vocabularies out.
import { atLeast, DEFAULT_DRAFT, draftOfSchemaUri, supportedSchemaUris, type Draft } from "./draft";
import { coreVocabulary, knownKeywords, VOCABULARIES } from "./keywords";
import { isObject } from "./pointer";
import { splitFragment } from "./uri";

export interface Dialect {
  draft: Draft;
  /** The keywords in force: the draft's, less those of vocabularies a custom meta-schema leaves out. */
  keywords: ReadonlySet<string>;
}

export function standardDialect(draft: Draft): Dialect {
  return { draft, keywords: knownKeywords(draft) };
}

export interface DialectProblem {
  problem: string;
  hint: string;
}

/** Finds the root of the document a meta-schema URI names, among the protocol's files and the external ones. */
export type MetaSchemaLookup = (documentUri: string) => unknown;

export class Dialects {
  private readonly memo = new Map<string, Dialect | DialectProblem>();

  constructor(
    private readonly lookup: MetaSchemaLookup,
    readonly fallback: Dialect = standardDialect(DEFAULT_DRAFT),
  ) {}

  /** The dialect a "$schema" value names, or what is wrong with it. */
  of(uri: string): Dialect | DialectProblem {
    let d = this.memo.get(uri);
    if (d === undefined) {
      this.memo.set(uri, unknownSchema(uri, "it refers to itself")); // a cycle of custom meta-schemas ends here
      d = this.compute(uri);
      this.memo.set(uri, d);
    }
    return d;
  }

  private compute(uri: string): Dialect | DialectProblem {
    const draft = draftOfSchemaUri(uri);
    if (draft !== undefined) return standardDialect(draft);
    const root = this.lookup(splitFragment(uri).document);
    if (!isObject(root))
      return unknownSchema(uri, "it is neither a supported draft nor a meta-schema of this protocol");
    const inner = typeof root.$schema === "string" ? this.of(root.$schema) : this.fallback;
    if (!("draft" in inner)) return unknownSchema(uri, `its own "$schema" is not supported (${inner.problem})`);
    const vocabulary = root.$vocabulary;
    if (!atLeast(inner.draft, "draft2019-09") || !isObject(vocabulary)) return inner;
    const vocabularies = VOCABULARIES[inner.draft as "draft2019-09" | "draft2020-12"];
    const keywords = new Set(vocabularies[coreVocabulary(inner.draft as "draft2019-09" | "draft2020-12")]);
    for (const [vocab, required] of Object.entries(vocabulary)) {
      const words = vocabularies[vocab];
      if (words !== undefined) words.forEach((k) => keywords.add(k));
      else if (required === true) {
        return {
          problem: `the meta-schema "${uri}" requires the vocabulary "${vocab}", which the generator does not know`,
          hint: `mark the vocabulary optional ("${vocab}": false) in that meta-schema, or use one of: ${supportedSchemaUris().join(", ")}`,
        };
      }
    }
    return { draft: inner.draft, keywords };
  }
}

function unknownSchema(uri: string, why: string): DialectProblem {
  return {
    problem: `unknown "$schema" "${uri}": ${why}`,
    hint: `use one of: ${supportedSchemaUris().join(", ")} (or leave "$schema" out for draft 2020-12)`,
  };
}
