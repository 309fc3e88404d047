// The TypeScript side: the generated module out/ts/<protocol>/generated.ts, loaded in-process.
import { existsSync } from "node:fs";
import { join } from "node:path";
import type { Outcome } from "./vectors";

type Mod = Record<string, unknown>;
type ErrorClass = new (...a: never[]) => Error;

export interface TsCodec {
  decode: (b: Uint8Array | string) => unknown;
  encode: (v: unknown) => string;
  read?: (
    src: AsyncIterable<Uint8Array>,
    maxBytes?: number,
  ) => AsyncIterable<{ ok: true; value: unknown } | { ok: false; error: unknown }>;
}

export class TsProtocol {
  readonly DecodeError: ErrorClass;
  readonly EncodeError: ErrorClass;
  readonly frameLimit: number | undefined;

  constructor(
    readonly name: string,
    readonly mod: Mod,
    /**
     * The definitions that are open unions (a null result is "ignored" only for them); undefined:
     * every null result is "ignored" (the shipped protocols have no definition whose value is null).
     */
    readonly openUnions?: ReadonlySet<string>,
  ) {
    this.DecodeError = mod.DecodeError as ErrorClass;
    this.EncodeError = mod.EncodeError as ErrorClass;
    this.frameLimit = typeof mod.FRAME_LIMIT === "number" ? mod.FRAME_LIMIT : undefined;
  }

  /** Loads out/ts/<protocol>/generated.ts (through tsx or ts-jest, whichever is running). */
  static load(root: string, protocol: string): TsProtocol {
    const path = join(root, "out", "ts", protocol, "generated.ts");
    if (!existsSync(path)) throw new Error(`no generated TypeScript for protocol ${protocol} (${path})`);
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    return new TsProtocol(protocol, require(path) as Mod);
  }

  codec(type: string): TsCodec {
    const decode = this.mod[`decode${type}`];
    const encode = this.mod[`encode${type}`];
    if (typeof decode !== "function" || typeof encode !== "function")
      throw new Error(`out/ts/${this.name}/generated.ts has no decode${type}/encode${type}`);
    const read = this.mod[`read${type}s`];
    return {
      decode: decode as TsCodec["decode"],
      encode: encode as TsCodec["encode"],
      ...(typeof read === "function" ? { read: read as NonNullable<TsCodec["read"]> } : {}),
    };
  }

  has(type: string): boolean {
    return typeof this.mod[`decode${type}`] === "function";
  }

  private fromError(e: unknown, cls: ErrorClass): Outcome {
    if (e instanceof cls) {
      const err = e as Error & { code: string; pointer: string };
      return { ok: false, code: err.code, pointer: err.pointer, message: err.message };
    }
    return { fault: `TS: threw ${e instanceof Error ? `${e.constructor.name}: ${e.message}` : String(e)}` };
  }

  /** Encodes an accepted value and checks that the canonical text decodes and re-encodes to itself. */
  private canonicalOf(c: TsCodec, value: unknown, type?: string): Outcome {
    if (value === null && (this.openUnions === undefined || type === undefined || this.openUnions.has(type)))
      return { ignored: true };
    let first: unknown;
    try {
      first = c.encode(value);
    } catch (e) {
      return { fault: `TS: encoding the decoded value: ${e instanceof Error ? e.message : String(e)}` };
    }
    if (typeof first !== "string") return { fault: `TS: encode returned ${typeof first}` };
    try {
      const again = c.encode(c.decode(new TextEncoder().encode(first)));
      if (again !== first)
        return { fault: `TS: not idempotent: ${first.slice(0, 200)} re-encodes as ${again.slice(0, 200)}` };
    } catch (e) {
      return {
        fault: `TS: the canonical form ${first.slice(0, 200)} does not round-trip: ${e instanceof Error ? e.message : String(e)}`,
      };
    }
    return { ok: true, canonical: first };
  }

  /** Decodes bytes, or a string (decode<Type> takes both; vectors that are UTF-8 are run both ways). */
  decode(type: string, bytes: Uint8Array | string): Outcome {
    const c = this.codec(type);
    let value: unknown;
    try {
      value = c.decode(bytes);
    } catch (e) {
      return this.fromError(e, this.DecodeError);
    }
    return this.canonicalOf(c, value, type);
  }

  /** Decodes and returns the value itself too (for the property tests). */
  decodeValue(type: string, bytes: Uint8Array): { outcome: Outcome; value?: unknown } {
    const c = this.codec(type);
    let value: unknown;
    try {
      value = c.decode(bytes);
    } catch (e) {
      return { outcome: this.fromError(e, this.DecodeError) };
    }
    return { outcome: this.canonicalOf(c, value, type), value };
  }

  async stream(type: string, bytes: Uint8Array, size: number): Promise<Outcome[]> {
    const c = this.codec(type);
    if (c.read === undefined) return [{ fault: `TS: out/ts/${this.name}/generated.ts has no read${type}s` }];
    const out: Outcome[] = [];
    try {
      for await (const item of c.read(chunks(bytes, size), this.frameLimit ?? READER_CAP)) {
        if (item.ok) out.push(this.canonicalOf(c, item.value, type));
        else out.push(this.fromError(item.error, this.DecodeError));
      }
    } catch (e) {
      out.push({ fault: `TS: the reader threw ${e instanceof Error ? e.message : String(e)}` });
    }
    return out;
  }

  /** Hands a wire-shaped value to the encoder without any check (vectors/README.md, `via: "encode"`). */
  encode(type: string, value: unknown): Outcome {
    const c = this.codec(type);
    let text: string;
    try {
      text = c.encode(value);
    } catch (e) {
      return this.fromError(e, this.EncodeError);
    }
    if (typeof text !== "string") return { fault: `TS: encode returned ${typeof text}` };
    let decoded: unknown;
    try {
      decoded = c.decode(new TextEncoder().encode(text));
    } catch (e) {
      return {
        fault: `TS: the encoder wrote ${text.slice(0, 200)}, which its decoder rejects: ${e instanceof Error ? e.message : String(e)}`,
      };
    }
    const o = this.canonicalOf(c, decoded, type);
    if ("canonical" in o && o.canonical !== text)
      return { fault: `TS: encoding ${text.slice(0, 200)} is not canonical` };
    return o;
  }
}

/** The safety cap of readers of protocols without a frame limit; the Go Codecs readers use the same. */
export const READER_CAP = 64 << 20;

async function* chunks(bytes: Uint8Array, size: number): AsyncGenerator<Uint8Array> {
  if (size <= 0) {
    yield bytes.slice();
    return;
  }
  for (let i = 0; i < bytes.length; i += size) yield bytes.slice(i, i + size);
}
