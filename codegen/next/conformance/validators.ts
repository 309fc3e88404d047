// ajv (draft 2020-12, strict mode) on a protocol's schema files: the TypeScript side's independent
// validator for the differential tests. This project's x-* keywords are registered as annotations.
import Ajv2020 from "ajv/dist/2020";
import type { ValidateFunction } from "ajv";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { EXTENSIONS } from "../ir/vocabulary";

const BASE = "https://wire.invalid/";
const lenient = new TextDecoder("utf-8", { ignoreBOM: true });

export class AjvValidators {
  private readonly ajv: Ajv2020;
  private readonly defs = new Map<string, string>();
  private readonly compiled = new Map<string, ValidateFunction>();

  constructor(
    root: string,
    readonly protocol: string,
  ) {
    this.ajv = new Ajv2020({ strict: true, allErrors: false, validateFormats: false });
    for (const keyword of EXTENSIONS) this.ajv.addKeyword({ keyword });
    const dir = join(root, "schema", protocol);
    for (const f of readdirSync(dir)
      .filter((f) => f.endsWith(".json"))
      .sort()) {
      const schema = JSON.parse(readFileSync(join(dir, f), "utf8")) as { $defs?: Record<string, unknown> };
      const url = `${BASE}${protocol}/${f}`;
      this.ajv.addSchema(schema, url);
      for (const name of Object.keys(schema.$defs ?? {})) this.defs.set(name, url);
    }
  }

  has(def: string): boolean {
    return this.defs.has(def);
  }

  private fn(def: string): ValidateFunction {
    let v = this.compiled.get(def);
    if (v === undefined) {
      const url = this.defs.get(def);
      if (url === undefined) throw new Error(`schema/${this.protocol} has no definition ${def}`);
      v = this.ajv.getSchema(`${url}#/$defs/${def}`);
      if (v === undefined) throw new Error(`ajv cannot find ${url}#/$defs/${def}`);
      this.compiled.set(def, v);
    }
    return v;
  }

  /** The verdict on one JSON text, as JSON.parse sees its bytes (not JSON: invalid). */
  validate(def: string, input: Uint8Array): boolean {
    return this.check(def, input).valid;
  }

  /** The verdict and, when invalid, the instance locations (RFC 6901) of ajv's errors ([""] for a text that is not JSON). */
  check(def: string, input: Uint8Array): { valid: boolean; pointers: string[] } {
    const fn = this.fn(def);
    let doc: unknown;
    try {
      doc = JSON.parse(lenient.decode(input));
    } catch {
      return { valid: false, pointers: [""] };
    }
    if (fn(doc) === true) return { valid: true, pointers: [] };
    return { valid: false, pointers: [...new Set((fn.errors ?? []).map((e) => e.instancePath))] };
  }
}
