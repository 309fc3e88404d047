// Typed result decoders, on cases shared with tests/go/results_test.go: they run on the already
// parsed `result`, so unknown keys follow ECMAScript property order (codegen/SEMANTICS.md).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import * as runner from "../../out/ts/runner/generated";

const cases = JSON.parse(readFileSync(join(__dirname, "../result-order-cases.json"), "utf8")) as { request: string; result: string; code: string; pointer: string }[];

describe("decode<Request>Result", () => {
  it.each(cases)("$request $result", ({ request, result, code, pointer }) => {
    const decode = (runner as unknown as Record<string, (v: unknown) => unknown>)[`decode${request}Result`]!;
    const frame = runner.decodeResultResponse(`{"attachment":"a","id":"1","result":${result}}`);
    let got = { code: "", pointer: "" };
    try {
      decode(frame.result);
    } catch (e) {
      if (!(e instanceof runner.DecodeError)) throw e;
      got = { code: e.code, pointer: e.pointer };
    }
    expect(got).toEqual({ code, pointer });
  });
});
