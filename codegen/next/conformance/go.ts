// The Go side: one long-lived process (tests/go/cmd/conformance, built once with `go build` into a
// temporary folder) that answers requests on stdin, one JSON line each, in order.
import { execFileSync, spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Outcome } from "./vectors";

type Json = Record<string, unknown>;

/** Builds tests/go/cmd/conformance into a fresh temporary folder; returns the binary and its folder. */
export function buildGoTool(root: string): { bin: string; dir: string } {
  const dir = mkdtempSync(join(tmpdir(), "wire-conformance-"));
  const bin = join(dir, process.platform === "win32" ? "conformance.exe" : "conformance");
  execFileSync("go", ["build", "-o", bin, "./cmd/conformance"], {
    cwd: join(root, "tests", "go"),
    stdio: ["ignore", "inherit", "inherit"],
  });
  return { bin, dir };
}

interface Pending {
  resolve: (v: Json) => void;
  reject: (e: Error) => void;
}

export class GoProcess {
  private readonly child: ChildProcessWithoutNullStreams;
  private readonly pending: Pending[] = [];
  private buffer = "";
  private exited: Error | undefined;
  private stderr = "";
  /** Requests answered so far. */
  requests = 0;

  private constructor(
    private readonly bin: string,
    private readonly dir: string | undefined,
    args: string[],
  ) {
    this.child = spawn(bin, args, { stdio: ["pipe", "pipe", "pipe"] });
    this.child.stdout.setEncoding("utf8");
    this.child.stdout.on("data", (d: string) => this.onData(d));
    this.child.stderr.setEncoding("utf8");
    // the head of what it writes: a Go crash starts with what happened ("fatal error: stack overflow")
    this.child.stderr.on("data", (d: string) => {
      if (this.stderr.length < 4000) this.stderr = (this.stderr + d).slice(0, 4000);
    });
    this.child.on("exit", (code, signal) => {
      this.exited = new Error(`the Go conformance process exited (${code ?? signal}): ${this.stderr}`);
      for (const p of this.pending.splice(0)) p.reject(this.exited);
    });
    this.child.stdin.on("error", () => undefined);
  }

  /** The built binary (also a pipe with -echo PROTOCOL/TYPE). */
  get binary(): string {
    return this.bin;
  }

  /** Builds the Go tool and starts it. */
  static start(root: string): GoProcess {
    const { bin, dir } = buildGoTool(root);
    return new GoProcess(bin, dir, ["-root", root]);
  }

  /**
   * Starts another binary that speaks the same protocol (an xcheck.Server: a test harness's own
   * generated package); `dir`, when given, is removed on close.
   */
  static attach(bin: string, args: string[] = [], dir?: string): GoProcess {
    return new GoProcess(bin, dir, args);
  }

  private onData(d: string): void {
    this.buffer += d;
    for (;;) {
      const nl = this.buffer.indexOf("\n");
      if (nl < 0) return;
      const line = this.buffer.slice(0, nl);
      this.buffer = this.buffer.slice(nl + 1);
      const p = this.pending.shift();
      if (p === undefined) continue;
      this.requests++;
      try {
        p.resolve(JSON.parse(line) as Json);
      } catch (e) {
        p.reject(new Error(`bad answer from the Go process: ${line.slice(0, 200)}`));
      }
    }
  }

  request(req: Json): Promise<Json> {
    if (this.exited !== undefined) return Promise.reject(this.exited);
    return new Promise<Json>((resolve, reject) => {
      this.pending.push({ resolve, reject });
      this.child.stdin.write(JSON.stringify(req) + "\n");
    });
  }

  async decode(protocol: string, type: string, input: Uint8Array): Promise<Outcome> {
    const r = await this.request({ op: "decode", protocol, type, input: b64(input) });
    return outcomeOf(r);
  }

  /** Reads the stream once per chunk size (0: all in one read); one list of outcomes per size. */
  async stream(
    protocol: string,
    type: string,
    input: Uint8Array,
    chunks: number[],
  ): Promise<Outcome[][] | { fault: string }> {
    const r = await this.request({ op: "stream", protocol, type, input: b64(input), chunks });
    if (typeof r.fault === "string") return { fault: r.fault };
    return (r.outcomes as (Json[] | null)[]).map((list) => (list ?? []).map((o) => outcomeOf({ outcome: o })));
  }

  async encode(protocol: string, type: string, value: string, probe: string): Promise<Outcome> {
    const r = await this.request({ op: "encode", protocol, type, value, probe });
    return outcomeOf(r);
  }

  /**
   * The verdict of santhosh-tekuri/jsonschema/v6 on the definition's schema; when invalid, the
   * instance locations (RFC 6901) of its innermost errors.
   */
  async validate(
    protocol: string,
    type: string,
    input: Uint8Array,
  ): Promise<{ valid: boolean; detail: string; pointers: string[] } | { fault: string }> {
    const r = await this.request({ op: "validate", protocol, type, input: b64(input) });
    if (typeof r.fault === "string") return { fault: r.fault };
    return {
      valid: r.valid === true,
      detail: String(r.detail ?? ""),
      pointers: ((r.pointers as string[] | null) ?? []).map(String),
    };
  }

  /** Ends a process that does not answer (every pending request fails). */
  kill(): void {
    if (this.exited === undefined) this.child.kill("SIGKILL");
  }

  async close(): Promise<void> {
    if (this.exited === undefined) {
      const done = new Promise<void>((res) => this.child.once("exit", () => res()));
      this.child.stdin.end();
      await done;
    }
    if (this.dir !== undefined) rmSync(this.dir, { recursive: true, force: true });
  }
}

function b64(b: Uint8Array): string {
  return Buffer.from(b.buffer, b.byteOffset, b.byteLength).toString("base64");
}

const fatal = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

function outcomeOf(r: Json): Outcome {
  if (typeof r.fault === "string") return { fault: `Go: ${r.fault}` };
  const o = r.outcome as Json | undefined;
  if (o === undefined) return { fault: `Go: no outcome in ${JSON.stringify(r).slice(0, 200)}` };
  if (o.ignored === true) return { ignored: true };
  if (o.ok === true) {
    const bytes = Buffer.from(String(o.canonical ?? ""), "base64");
    try {
      return { ok: true, canonical: fatal.decode(bytes) };
    } catch {
      return { fault: "Go: the canonical form is not valid UTF-8" };
    }
  }
  return { ok: false, code: String(o.code), pointer: String(o.pointer), message: String(o.message ?? "") };
}
