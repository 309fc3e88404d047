// This generator's own keywords on a definition: x-constant, x-sent-by, x-result, x-frame.
import type { Decl, JsonValue } from "../types";
import type { Builder } from "./builder";
import type { SchemaReader } from "./reader";

export function declExtensions(r: SchemaReader, d: Decl, b: Builder): void {
  const c = r.raw("x-constant");
  if (c !== undefined) {
    if (c !== true && c !== "frame-limit" && c !== "protocol-version") {
      r.error(
        "x-constant",
        'x-constant must be true, "frame-limit" or "protocol-version"',
        "fix the value of x-constant",
      );
    } else if (!("const" in r.node)) {
      r.error(undefined, "x-constant needs a const value", 'add "const" with the constant\'s value');
    } else {
      d.constant = { value: r.node.const as JsonValue };
      if (c !== true) d.constant.role = c;
    }
  }
  const sentBy = r.raw("x-sent-by");
  if (sentBy !== undefined) {
    if (!Array.isArray(sentBy) || sentBy.length === 0 || !sentBy.every((s) => typeof s === "string")) {
      r.error(
        "x-sent-by",
        "x-sent-by must be a non-empty array of party names",
        'list the sides that write this frame, e.g. ["host"]',
      );
    } else d.sentBy = sentBy as string[];
  }
  const result = r.raw("x-result");
  if (result !== undefined) {
    const ref =
      result !== null && typeof result === "object" && !Array.isArray(result)
        ? (result as { $ref?: unknown }).$ref
        : undefined;
    if (typeof ref !== "string") {
      r.error("x-result", 'x-result must be {"$ref": ...}', "refer to the definition of the method's result");
    } else {
      try {
        const target = b.src.resolve(ref, r.loc("x-result"));
        const named = b.declAt(target);
        if (named === undefined)
          r.error("x-result", "x-result must refer to a named definition in $defs", "move the result type into $defs");
        else d.result = named;
      } catch (e) {
        r.error(
          "x-result",
          (e as { problem?: string; message: string }).problem ?? (e as Error).message,
          "fix the reference",
        );
      }
    }
  }
  const frame = r.raw("x-frame");
  if (frame !== undefined) {
    if (frame !== true) r.error("x-frame", "x-frame must be true", "remove x-frame or set it to true");
    else d.frame = true;
  }
}
