// The conformance command (codegen/next/conformance/command.ts, `npx codegen conformance --vectors FILE...`): vector
// files run through the TypeScript and the Go code, every disagreement and failure reported.
import { mkdtempSync, rmSync, writeFileSync, readdirSync, readFileSync, existsSync } from "fs";
import { tmpdir } from "os";
import { join, resolve } from "path";
import { runConformance } from "../../codegen/next/conformance/command";
import { GoProcess } from "../../codegen/next/conformance/go";
import { runVectors } from "../../codegen/next/conformance/run";
import { inputBytes, readVectorFile, type Vector } from "../../codegen/next/conformance/vectors";

const ROOT = resolve(__dirname, "../..");

jest.setTimeout(300_000);

async function cli(args: string[]): Promise<{ code: number; out: string }> {
  const lines: string[] = [];
  const log = jest.spyOn(console, "log").mockImplementation((...a: unknown[]) => void lines.push(a.join(" ")));
  const err = jest.spyOn(console, "error").mockImplementation((...a: unknown[]) => void lines.push(a.join(" ")));
  try {
    const code = await runConformance(args, ROOT);
    return { code, out: lines.join("\n") };
  } finally {
    log.mockRestore();
    err.mockRestore();
  }
}

describe("codegen conformance", () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "conformance-test-"));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const good = [
    {
      id: "t-usage-ok",
      rule: 9,
      note: "1.0 is an integer",
      type: "Usage",
      via: "decode",
      input: { text: '{"output":2,"input":1.0}' },
      expect: { ok: true, canonical: '{"input":1,"output":2}' },
    },
    {
      id: "t-usage-range",
      rule: 9,
      note: "beyond 2^53-1",
      type: "Usage",
      via: "decode",
      input: { text: '{"input":9007199254740993,"output":0}' },
      expect: { ok: false, code: "range", pointer: "/input" },
    },
    {
      id: "t-stream",
      rule: 1,
      note: "two frames",
      type: "RunnerFrame",
      via: "stream",
      input: { text: '{"attachment":"a","id":"1","result":{}}\n\n' },
      expect: [
        { ok: true, canonical: '{"attachment":"a","id":"1","result":{}}' },
        { ok: false, code: "syntax", pointer: "" },
      ],
    },
    {
      id: "t-encode",
      rule: 18,
      note: "an unpaired surrogate is refused",
      type: "Text",
      via: "encode",
      input: { text: '{"text":"\\ud800"}' },
      expect: { ok: false, code: "utf8", pointer: "/text" },
    },
  ];

  test("a file the project does not ship, protocol from --protocol: no problem, exit 0", async () => {
    const file = join(dir, "mine.jsonl");
    writeFileSync(file, good.map((v) => JSON.stringify(v)).join("\n") + "\n");
    const r = await cli(["--vectors", file, "--protocol", "runner"]);
    expect(r.out).toMatch(/4 vectors from 1 files.*0 disagreements, 0 failures/);
    expect(r.code).toBe(0);
  });

  test("the protocol is the folder's name; a wrong expectation is a failure of both sides, exit 1", async () => {
    const sub = join(dir, "runner");
    require("fs").mkdirSync(sub, { recursive: true });
    const file = join(sub, "wrong.jsonl");
    const wrong = { ...good[0]!, id: "t-wrong", expect: { ok: false, code: "type", pointer: "/input" } };
    writeFileSync(file, JSON.stringify(wrong) + "\n");
    const r = await cli(["--vectors", file]);
    expect(r.code).toBe(1);
    expect(r.out).toContain("t-wrong: FAILURE: TypeScript: got ok");
    expect(r.out).toContain("t-wrong: FAILURE: TypeScript (given a string): got ok");
    expect(r.out).toContain("t-wrong: FAILURE: Go: got ok");
    expect(r.out).toMatch(/0 disagreements, 3 failures/);
  });

  test("usage errors exit 2", async () => {
    expect((await cli([])).code).toBe(2);
    expect((await cli(["--vectors"])).code).toBe(2);
    expect((await cli(["--bogus", "x"])).code).toBe(2);
  });
});

describe("the shipped vectors through both languages", () => {
  // Multi-megabyte streams are left to `make conformance` (each language runs them in its vector tests).
  const LARGE = 256 << 10;
  const files = readdirSync(join(ROOT, "vectors"), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .flatMap((d) =>
      readdirSync(join(ROOT, "vectors", d.name))
        .filter((f) => f.endsWith(".jsonl"))
        .map((f) => join(ROOT, "vectors", d.name, f)),
    )
    .filter(existsSync)
    .sort();

  test("TypeScript and Go agree with each other and with every vector", async () => {
    const all: Vector[] = files.flatMap((f) => readVectorFile(f));
    const counts = JSON.parse(readFileSync(join(ROOT, "vectors", "counts.json"), "utf8")) as {
      files: Record<string, number>;
    };
    expect(all.length).toBe(Object.values(counts.files).reduce((a, b) => a + b, 0));
    const vectors = all.filter((v) => v.via !== "stream" || inputBytes(v.input).length <= LARGE);
    // the multi-megabyte streams left out: 11 of the runner's framing (4 MiB limit), 5 of jsonl's (64 MiB cap)
    expect(all.length - vectors.length).toBe(16);
    const go = GoProcess.start(ROOT);
    try {
      const report = await runVectors(ROOT, vectors, go);
      expect(report.problems.map((p) => `${p.vector.protocol}/${p.vector.id}: ${p.kind}: ${p.detail}`)).toEqual([]);
    } finally {
      await go.close();
    }
  });
});
