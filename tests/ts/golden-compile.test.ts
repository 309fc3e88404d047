// Every golden output compiles: its generated.ts under the strict flags, and its Go package (with
// the shared runtime files) under go vet, all packages in one module so one `go vet` checks them.
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { typeCheck } from "./fixtures/compile";

const GOLDEN = join(__dirname, "../golden");
const features = readdirSync(GOLDEN).filter((n) => existsSync(join(GOLDEN, n, "schema.json"))).sort();

describe("golden outputs compile", () => {
  it.each(features)("%s: generated.ts passes tsc --strict", (name) => {
    const text = readFileSync(join(GOLDEN, name, "expected/ts/generated.ts"), "utf8");
    expect(typeCheck({ "generated.ts": text })).toEqual([]);
  });

  it("every Go package passes go vet", () => {
    const dir = mkdtempSync(join(tmpdir(), "golden-go-"));
    try {
      writeFileSync(join(dir, "go.mod"), "module example.com/golden\n\ngo 1.23\n");
      for (const name of features) {
        const pkg = join(dir, name);
        mkdirSync(pkg);
        cpSync(join(GOLDEN, name, "expected/go"), pkg, { recursive: true });
        cpSync(join(GOLDEN, "go-runtime"), pkg, { recursive: true });
      }
      const r = spawnSync("go", ["vet", "./..."], { cwd: dir, encoding: "utf8", env: { ...process.env, GOFLAGS: "-mod=mod" } });
      expect(r.stderr).toBe("");
      expect(r.status).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
