// A scratch Go module for the tests that run generated Go (the JSON-Schema-Test-Suite, the real-world
// schemas, the keyword vectors): a fixed folder under node_modules/.cache, so that Go's build cache
// serves unchanged packages, rewritten from scratch on each run. Also the one way every harness
// spells an outcome: "valid", or "<code> <pointer>" of the DecodeError, or "threw <error>".
import { spawnSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { emitGoRuntime } from "../../../codegen/go/module";

const CACHE = join(__dirname, "../../../node_modules/.cache");

/** An empty folder node_modules/.cache/<folder> holding only a go.mod (and a go.sum when given). */
export function scratchGoModule(folder: string, goMod: string, goSum?: string): string {
  const dir = join(CACHE, folder);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "go.mod"), goMod);
  if (goSum !== undefined) writeFileSync(join(dir, "go.sum"), goSum);
  return dir;
}

/** A generated package (its files by name) with the runtime every generated package gets, in dir. */
export function writeGoPackage(dir: string, pkg: string, files: Iterable<[string, string]>): void {
  mkdirSync(dir, { recursive: true });
  for (const [file, text] of files) writeFileSync(join(dir, file), text);
  for (const [file, text] of emitGoRuntime(pkg)) writeFileSync(join(dir, file), text);
}

/** Runs `go <args>` in dir; throws with its output when it fails. */
export function goRun(dir: string, args: string[]): void {
  const g = spawnSync("go", args, { cwd: dir, encoding: "utf8" });
  if (g.status !== 0) throw new Error(`go ${args.join(" ")} failed:\n${g.stdout}\n${g.stderr}`.slice(0, 6000));
}

/** The outcome of a TypeScript decode, spelled as GO_OUTCOME spells Go's. */
export function tsOutcome(decode: () => unknown, decodeError: abstract new (...a: never[]) => object): string {
  try {
    decode();
    return "valid";
  } catch (e) {
    if (!(e instanceof decodeError)) return `threw ${String(e)}`;
    const d = e as unknown as { code: string; pointer: string };
    return `${d.code} ${d.pointer}`;
  }
}

/** The outcome of a Go encode, "ok <bytes>" or "<code> <pointer>" of the EncodeError, for a harness in the package. */
export const GO_ENCODE_OUTCOME = `func encodeOutcome(b []byte, err error) string {
	var ee *EncodeError
	switch {
	case err == nil:
		return "ok " + string(b)
	case errors.As(err, &ee):
		return ee.Code + " " + ee.Pointer
	default:
		return "threw " + err.Error()
	}
}`;

/** A Go function of the generated package's own DecodeError, for a harness in that package. */
export const GO_OUTCOME = `func outcomeOf(err error) string {
	var de *DecodeError
	switch {
	case err == nil:
		return "valid"
	case errors.As(err, &de):
		return de.Code + " " + de.Pointer
	default:
		return "threw " + err.Error()
	}
}`;
