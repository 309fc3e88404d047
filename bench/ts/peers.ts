// Peer decoders, each behind the same line decoder signature (bytes of one line in, value out, throws
// on a rejected frame). Every peer gets the same UTF-8 check and JSON.parse as the floor; what
// differs is the validation after the parse:
//   ajv     Ajv2020 on the runner schema files as they are, with `discriminator` on the method and
//           event unions (the presence-based part of RunnerFrame is if/then/else);
//   typia   assertEquals<RunnerFrame> from the generated types (`typia generate`, bench/ts/typia-gen);
//   zod     zod 4 strict objects with discriminated unions, written by hand from the schema.
// None of them checks every wire rule the generated decoder checks (unpaired surrogates, integer
// range, depth of free-form values, document-order errors); they are timed doing less.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { text } from "./pipeline";

export interface Peer {
  name: string;
  decode: (line: Uint8Array) => unknown;
}

const SCHEMA = join(__dirname, "..", "..", "schema", "runner");
const BASE = "https://wire.bench/runner/";

function ajvPeer(): Peer {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const Ajv2020 = require("ajv/dist/2020").default;
  const ajv = new Ajv2020({ strict: false, discriminator: true, allErrors: false });
  for (const f of ["constants", "records", "frames"]) {
    const s = JSON.parse(readFileSync(join(SCHEMA, `${f}.json`), "utf8"));
    s.$id = `${BASE}${f}.json`;
    ajv.addSchema(s);
  }
  const ref = (name: string) => ({ $ref: `${BASE}frames.json#/$defs/${name}` });
  const top = {
    $id: `${BASE}bench-runner-frame.json`,
    type: "object",
    if: { required: ["method"] },
    then: {
      type: "object",
      discriminator: { propertyName: "method" },
      required: ["method"],
      oneOf: ["OpenRequest", "PromptRequest", "SteerRequest", "InterruptRequest", "CheckpointRequest", "DetachRequest", "ToolCallRequest"].map(ref),
    },
    else: {
      if: { required: ["result"] },
      then: ref("ResultResponse"),
      else: {
        if: { required: ["error"] },
        then: ref("ErrorResponse"),
        else: { type: "object", discriminator: { propertyName: "event" }, required: ["event"], oneOf: ["AssistantDeltaEvent", "AssistantMessageEvent"].map(ref) },
      },
    },
  };
  const validate = ajv.compile(top);
  return {
    name: "ajv (discriminator)",
    decode: (line) => {
      const v = JSON.parse(text(line));
      if (!validate(v)) throw new Error("ajv rejected a frame");
      return v;
    },
  };
}

function zodPeer(): Peer {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { z } = require("zod") as typeof import("zod");
  const id = z.string().min(1);
  const nonEmpty = z.string().min(1);
  const json: z.ZodType = z.lazy(() => z.union([z.string(), z.number(), z.boolean(), z.null(), z.array(json), z.record(z.string(), json)]));
  const base = { attachment: id };
  const turn = { turn: id };
  const textParams = z.strictObject({ text: z.string() });
  const harness = z.strictObject({
    session_id: nonEmpty,
    dir: z.string().regex(/^(?:\/|[A-Za-z]:[\\/])/u),
    config: z.strictObject({ model: nonEmpty, tools: z.array(nonEmpty) }),
    tools: z.array(z.strictObject({ name: nonEmpty, description: z.string(), input_schema: z.record(z.string(), json) })),
    provider: z.strictObject({ api_key: z.string() }),
  });
  const request = z.discriminatedUnion("method", [
    z.strictObject({ ...base, id, method: z.literal("open"), params: harness }),
    z.strictObject({ ...base, ...turn, id, method: z.literal("prompt"), params: textParams }),
    z.strictObject({ ...base, ...turn, id, method: z.literal("steer"), params: textParams }),
    z.strictObject({ ...base, ...turn, id, method: z.literal("interrupt"), params: z.null().optional() }),
    z.strictObject({ ...base, id, method: z.literal("checkpoint"), params: z.null().optional() }),
    z.strictObject({ ...base, id, method: z.literal("detach"), params: z.null().optional() }),
    z.strictObject({ ...base, ...turn, id, method: z.literal("tool.call"), params: z.strictObject({ id: nonEmpty, name: nonEmpty, arguments: z.record(z.string(), json) }) }),
  ]);
  const result = z.strictObject({ ...base, turn: id.optional(), id, result: json });
  const error = z.strictObject({ ...base, turn: id.optional(), id, error: z.strictObject({ code: z.enum(["provider_error", "brain_error"]), message: z.string() }) });
  const event = z.discriminatedUnion("event", [
    z.strictObject({ ...base, ...turn, event: z.literal("assistant.delta"), data: textParams }),
    z.strictObject({
      ...base,
      ...turn,
      event: z.literal("assistant.message"),
      data: z.strictObject({
        text: z.string(),
        usage: z.strictObject({ input: z.number().int().min(0), output: z.number().int().min(0) }),
        stop_reason: z.enum(["stop", "length", "tool_use", "error", "aborted"]),
      }),
    }),
  ]);
  // Events first: they are most of the traffic (a union tries its members in order).
  const frame = z.union([event, request, result, error]);
  return {
    name: "zod 4 (strict, discriminated)",
    decode: (line) => frame.parse(JSON.parse(text(line))),
  };
}

function typiaPeer(): Peer | undefined {
  let mod: { assertRunnerFrame: (v: unknown) => unknown };
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    mod = require("./typia-gen/runner");
  } catch {
    console.error("typia: bench/ts/typia-gen/runner.ts is missing (bench/run.sh makes it with `typia generate`); skipped");
    return undefined;
  }
  return { name: "typia assertEquals", decode: (line) => mod.assertRunnerFrame(JSON.parse(text(line))) };
}

export async function peers(): Promise<Peer[]> {
  return [ajvPeer(), typiaPeer(), zodPeer()].filter((p): p is Peer => p !== undefined);
}
