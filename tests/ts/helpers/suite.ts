// Reads the vendored JSON-Schema-Test-Suite: the cases of one draft (not optional/) and the
// remotes, served as external documents under http://localhost:1234/ (never fetched).
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import type { Draft } from "../../../codegen/schema/draft";
import type { ExternalSchemas, SchemaFile } from "../../../codegen/schema/set";

const ROOT = join(__dirname, "../../..");
const SUITE = join(ROOT, "tests/vendor/json-schema-test-suite");

export const SUITE_DRAFTS: readonly { folder: string; draft: Draft }[] = [
  { folder: "draft4", draft: "draft-04" },
  { folder: "draft6", draft: "draft-06" },
  { folder: "draft7", draft: "draft-07" },
  { folder: "draft2019-09", draft: "draft2019-09" },
  { folder: "draft2020-12", draft: "draft2020-12" },
];

export interface SuiteCase {
  file: string;
  index: number;
  description: string;
  schema: unknown;
  tests: { description: string; data: unknown; valid: boolean }[];
}

export function suiteCases(folder: string): SuiteCase[] {
  const dir = join(SUITE, "tests", folder);
  const out: SuiteCase[] = [];
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .sort()) {
    const cases = JSON.parse(readFileSync(join(dir, file), "utf8")) as Omit<SuiteCase, "file" | "index">[];
    cases.forEach((c, index) => out.push({ ...c, file, index }));
  }
  return out;
}

function filesUnder(dir: string): SchemaFile[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const full = join(dir, name);
      if (statSync(full).isDirectory()) return filesUnder(full);
      return [{ path: relative(ROOT, full).split("\\").join("/"), text: readFileSync(full, "utf8") }];
    });
}

let remotes: ExternalSchemas | undefined;

/** The suite's remotes/ at http://localhost:1234/, as the suite expects them. */
export function suiteRemotes(): ExternalSchemas {
  remotes ??= [
    {
      uri: "http://localhost:1234/",
      folder: "tests/vendor/json-schema-test-suite/remotes",
      files: filesUnder(join(SUITE, "remotes")),
    },
  ];
  return remotes;
}
