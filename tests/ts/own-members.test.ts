// Required members and union discriminators are found without a $hasOwn call when the object is
// plain and Object.prototype lacks the key (codegen/next/ts/check.ts, `$need` and `hasMember`). These
// cases are the ones that shortcut must not take: a key that Object.prototype has, as its own
// standard member or added by the program (enumerable or not), and values that inherit members.
import { resolve } from "path";
import { loadProtocols } from "../../codegen/cli";
import { protocolFromFiles } from "../../codegen/next/ir/load";
import { emitTypeScript } from "../../codegen/next/ts/emit";
import { loadGenerated } from "./helpers/compile";

type Mod = Record<"decodeRunnerFrame" | "encodeRunnerFrame" | "decodeNamed" | "encodeNamed", (v: unknown) => unknown>;

// evaluated in the test's own realm (new Function), so that the Object.prototype changed below is the module's
const runner = loadGenerated(
  emitTypeScript(loadProtocols(resolve(__dirname, "../..")).find((p) => p.name === "runner")!),
) as Mod;
const standard = loadGenerated(
  emitTypeScript(
    protocolFromFiles("standard", [
      {
        path: "schema/standard/standard.json",
        text: JSON.stringify({
          $schema: "https://json-schema.org/draft/2020-12/schema",
          $defs: {
            Named: {
              type: "object",
              properties: { constructor: { type: "string" }, toString: { type: "string" }, x: { type: "number" } },
              required: ["constructor", "toString"],
              additionalProperties: false,
            },
          },
        }),
      },
    ]),
  ),
) as Mod;
const delta = { attachment: "att-1", turn: "turn-1", event: "assistant.delta", data: { text: "hi" } };
const without = (o: object, key: string) => Object.fromEntries(Object.entries(o).filter(([k]) => k !== key));

function failure(f: () => unknown): { code: string; pointer: string } | "ok" {
  try {
    f();
    return "ok";
  } catch (e) {
    const { code, pointer } = e as { code: string; pointer: string };
    return { code, pointer };
  }
}

/** Runs f with Object.prototype[key] = value (enumerable or not), then takes it away again. */
function withProto(key: string, value: unknown, enumerable: boolean, f: () => void): void {
  const proto = Object.prototype as Record<string, unknown>;
  if (enumerable) proto[key] = value;
  else Object.defineProperty(proto, key, { value, enumerable: false, configurable: true, writable: true });
  try {
    f();
  } finally {
    delete proto[key];
  }
}

describe("members found on Object.prototype are not the document's", () => {
  for (const enumerable of [true, false]) {
    test(`a required member missing from the document (Object.prototype has it, ${enumerable ? "" : "not "}enumerable)`, () => {
      withProto("turn", "turn-x", enumerable, () => {
        const line = JSON.stringify(without(delta, "turn"));
        expect(failure(() => runner.decodeRunnerFrame(line))).toEqual({ code: "missing_field", pointer: "/turn" });
        expect(failure(() => runner.decodeRunnerFrame(JSON.stringify(delta)))).toBe("ok");
        expect(failure(() => runner.encodeRunnerFrame(without(delta, "turn")))).toEqual({
          code: "missing_field",
          pointer: "/turn",
        });
      });
    });

    test(`a discriminator the document lacks (Object.prototype has "method", ${enumerable ? "" : "not "}enumerable)`, () => {
      withProto("method", "open", enumerable, () => {
        expect(runner.decodeRunnerFrame(JSON.stringify(delta))).toEqual(delta);
        expect(JSON.parse(runner.encodeRunnerFrame(delta) as string)).toEqual(delta);
      });
    });
  }

  test("a required member named like one of Object.prototype's own (constructor, toString)", () => {
    expect(failure(() => standard.decodeNamed('{"toString":"b"}'))).toEqual({
      code: "missing_field",
      pointer: "/constructor",
    });
    expect(failure(() => standard.decodeNamed('{"constructor":"a"}'))).toEqual({
      code: "missing_field",
      pointer: "/toString",
    });
    expect(standard.decodeNamed('{"constructor":"a","toString":"b"}')).toEqual({ constructor: "a", toString: "b" });
    expect(failure(() => standard.encodeNamed({ toString: "b" }))).toEqual({
      code: "missing_field",
      pointer: "/constructor",
    });
  });

  test("a value that inherits a required member is refused by the encoder", () => {
    const child = Object.assign(Object.create({ attachment: "att-1" }), without(delta, "attachment"));
    expect(failure(() => runner.encodeRunnerFrame(child))).toEqual({ code: "missing_field", pointer: "/attachment" });
  });
});
