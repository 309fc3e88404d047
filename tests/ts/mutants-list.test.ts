// The mutation list (tests/mutants.jsonl, `make mutants`) stays applicable: each breakage's text
// occurs exactly once in its file, every wire rule and keyword family has one. A change that moves
// a breakage's text fails here, in `make test`, instead of at the next mutation run.
import { spawnSync } from "node:child_process";
import { join } from "node:path";

const ROOT = join(__dirname, "../..");

test("every breakage of tests/mutants.jsonl applies exactly once (tests/mutants.ts --check)", () => {
  const r = spawnSync(join(ROOT, "node_modules/.bin/tsx"), ["tests/mutants.ts", "--check"], {
    cwd: ROOT,
    encoding: "utf8",
  });
  expect(`${r.stdout}${r.stderr}`).toMatch(/^mutants: \d+ breakages, each applies exactly once/);
  expect(r.status).toBe(0);
});
