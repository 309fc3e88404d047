// The committed out/ts/<protocol>/generated.ts, copied ALONE into an empty folder, compiles with the
// real tsc under the strict flags and, compiled, decodes and encodes frames in a plain Node process.
import { execFileSync } from "node:child_process";
import { copyFileSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const ROOT = join(__dirname, "../..");
const TSC = join(ROOT, "node_modules/typescript/bin/tsc");
const FLAGS = ["--strict", "--exactOptionalPropertyTypes", "--noUncheckedIndexedAccess", "--target", "es2022", "--lib", "es2022,dom", "--module", "commonjs", "--typeRoots", "no-types", "--outDir", "build"];

const consumers: Record<string, string> = {
  runner: `
import { decodeRunnerFrame, encodeRunnerFrame, decodeCheckpointRequestResult, readRunnerFrames, DecodeError, type RunnerFrame } from "./generated";
const line = '{"attachment":"A","id":"R","method":"checkpoint","params":null}';
const f: RunnerFrame = decodeRunnerFrame(new TextEncoder().encode(line));
const files = decodeCheckpointRequestResult([{ path: "session/file.jsonl", size: 1024, append_only: true }]);
let code = "";
try { decodeRunnerFrame('{"attachment":"A","id":"R","method":"checkpoint","Params":null}'); } catch (e) { if (e instanceof DecodeError) code = e.code + " " + e.pointer; }
async function* chunks() { yield new TextEncoder().encode(line + "\\nnot json\\n"); }
const web: ReadableStream<Uint8Array> = new ReadableStream({ start(c) { c.enqueue(new TextEncoder().encode(line + "\\n")); c.close(); } });
(async () => {
  const got: string[] = [];
  for await (const r of readRunnerFrames(chunks())) got.push(r.ok ? "ok" : r.error.code);
  for await (const r of readRunnerFrames(web)) got.push(r.ok ? "web ok" : r.error.code);
  console.log(JSON.stringify([encodeRunnerFrame(f), files[0]?.size, code, got]));
})();
`,
  jsonl: `
import { decodeHarnessEvent, encodeHarnessEvent } from "./generated";
const e = decodeHarnessEvent('{"type":"text","text":"hi","zz":1,"1":true}');
console.log(JSON.stringify([e === null ? null : encodeHarnessEvent(e), decodeHarnessEvent("not json")]));
`,
};

const expected: Record<string, unknown> = {
  runner: ['{"attachment":"A","id":"R","method":"checkpoint","params":null}', 1024, "unknown_field /Params", ["ok", "syntax", "web ok"]],
  jsonl: ['{"type":"text","text":"hi","1":true,"zz":1}', null],
};

describe.each(Object.keys(consumers))("out/ts/%s/generated.ts on its own", (name) => {
  it("compiles with tsc under the strict flags and runs in plain Node", () => {
    const dir = mkdtempSync(join(tmpdir(), "standalone-"));
    copyFileSync(join(ROOT, "out/ts", name, "generated.ts"), join(dir, "generated.ts"));
    writeFileSync(join(dir, "consumer.ts"), consumers[name]!);
    execFileSync(process.execPath, [TSC, ...FLAGS, "generated.ts", "consumer.ts"], { cwd: dir, stdio: "pipe" });
    const out = execFileSync(process.execPath, [join(dir, "build/consumer.js")], { encoding: "utf8" });
    expect(JSON.parse(out)).toEqual(expected[name]);
  });
});

describe("typed values in free-form positions", () => {
  it("lets a typed result be put in a response without a cast", () => {
    const dir = mkdtempSync(join(tmpdir(), "standalone-"));
    copyFileSync(join(ROOT, "out/ts/runner/generated.ts"), join(dir, "generated.ts"));
    writeFileSync(join(dir, "consumer.ts"), `
import { encodeResultResponse, type OpenResult, type NativeFile, type ResultResponse } from "./generated";
const open: OpenResult = { tools: ["echo"] };
const files: NativeFile[] = [{ path: "a.jsonl", size: 0, append_only: true }];
const r1: ResultResponse = { attachment: "a", id: "1", result: open };
const r2: ResultResponse = { attachment: "a", id: "2", result: files };
console.log(JSON.stringify([encodeResultResponse(r1), encodeResultResponse(r2)]));
`);
    execFileSync(process.execPath, [TSC, ...FLAGS, "generated.ts", "consumer.ts"], { cwd: dir, stdio: "pipe" });
    const out = execFileSync(process.execPath, [join(dir, "build/consumer.js")], { encoding: "utf8" });
    expect(JSON.parse(out)).toEqual(['{"attachment":"a","id":"1","result":{"tools":["echo"]}}', '{"attachment":"a","id":"2","result":[{"path":"a.jsonl","size":0,"append_only":true}]}']);
  });
});

describe("with Node's typings instead of the DOM's", () => {
  it("compiles and reads process.stdin-like streams", () => {
    const dir = mkdtempSync(join(tmpdir(), "standalone-"));
    copyFileSync(join(ROOT, "out/ts/runner/generated.ts"), join(dir, "generated.ts"));
    writeFileSync(join(dir, "consumer.ts"), `
import { Readable } from "node:stream";
import { readRunnerFrames } from "./generated";
(async () => {
  const got: string[] = [];
  for await (const r of readRunnerFrames(Readable.from([Buffer.from('{"attachment":"A","id":"R","method":"detach"}\\n')]))) got.push(r.ok ? "ok" : r.error.code);
  console.log(JSON.stringify(got));
})();
`);
    const nodeFlags = ["--strict", "--exactOptionalPropertyTypes", "--noUncheckedIndexedAccess", "--target", "es2022", "--lib", "es2022", "--module", "commonjs", "--types", "node", "--typeRoots", join(ROOT, "node_modules/@types"), "--skipLibCheck", "--outDir", "build"];
    try {
      execFileSync(process.execPath, [TSC, ...nodeFlags, "generated.ts", "consumer.ts"], { cwd: dir, encoding: "utf8", stdio: "pipe" });
    } catch (e) {
      throw new Error(String((e as { stdout?: string }).stdout));
    }
    const out = execFileSync(process.execPath, [join(dir, "build/consumer.js")], { encoding: "utf8" });
    expect(JSON.parse(out)).toEqual(["ok"]);
  });
});
