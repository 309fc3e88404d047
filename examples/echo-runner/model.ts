// A deterministic fake model: no network, its output is a pure function of the conversation.
//
// Conventions (what a test or a curious human types as the prompt):
//   - a line `call NAME {json object}` asks the model to call the bound tool NAME with those
//     arguments; several such lines give parallel tool calls in one generation;
//   - a prompt starting with `provider-error` makes the model call fail (a provider_error);
//   - anything else is echoed back.
// The final answer names every tool result since the last user message (with "failed" for
// is_error results), every steering text, and a digest of the whole context it was given, so a
// host can check that two sessions see the same prompt context.

import { createHash } from "node:crypto";
import type { JsonObject } from "../../out/ts/runner/generated";

/** One entry of the model's context, as the native log stores it (runner-private, not a wire type). */
export type Message =
  | { role: "user"; text: string }
  | { role: "steer"; text: string }
  | { role: "assistant"; text: string; tool_calls?: PlannedCall[] }
  | { role: "tool"; id: string; name: string; is_error: boolean; text: string }
  | { role: "aborted" };

/** A tool call the model wants to make. */
export interface PlannedCall {
  id: string;
  name: string;
  arguments: JsonObject;
}

/** What one model call produced. */
export interface Generation {
  text: string;
  toolCalls: PlannedCall[];
  usage: { input: number; output: number };
}

/** Thrown by generate when the (fake) provider fails. */
export class ProviderFailure extends Error {}

const callLine = /^call\s+([^\s{]+)\s*(\{.*\})\s*$/;

/** The tool calls a user text asks for; a line whose JSON is not an object is plain text. */
export function plannedCalls(text: string, callPrefix: string): PlannedCall[] {
  const calls: PlannedCall[] = [];
  for (const line of text.split("\n")) {
    const m = callLine.exec(line.trim());
    if (m === null) continue;
    let args: unknown;
    try {
      args = JSON.parse(m[2]!);
    } catch {
      continue;
    }
    if (typeof args !== "object" || args === null || Array.isArray(args)) continue;
    calls.push({ id: `${callPrefix}-${calls.length + 1}`, name: m[1]!, arguments: args as JsonObject });
  }
  return calls;
}

const words = (s: string): number => s.split(/\s+/).filter((w) => w.length > 0).length;

function contextWords(context: readonly Message[]): number {
  let n = 0;
  for (const m of context) if ("text" in m) n += words(m.text);
  return n;
}

/** sha256 of the context as the model sees it (first 16 hex digits). */
export function contextDigest(context: readonly Message[]): string {
  return createHash("sha256").update(JSON.stringify(context)).digest("hex").slice(0, 16);
}

/**
 * One model call. `callPrefix` names the tool-call ids it may create. `bound` is the set of
 * tools the session binds: the model is only ever offered those, so a call of anything else is
 * turned into text instead of a tool call.
 */
export function generate(context: readonly Message[], bound: ReadonlySet<string>, callPrefix: string): Generation {
  let lastUser = -1;
  for (let i = context.length - 1; i >= 0; i--) {
    if (context[i]!.role === "user") {
      lastUser = i;
      break;
    }
  }
  if (lastUser < 0) throw new ProviderFailure("no user message in the context");
  const user = context[lastUser] as { role: "user"; text: string };
  if (user.text.startsWith("provider-error")) throw new ProviderFailure("the fake provider refused the request");
  const since = context.slice(lastUser + 1);
  const input = contextWords(context);

  const alreadyCalled = since.some((m) => m.role === "assistant" && (m.tool_calls?.length ?? 0) > 0);
  if (!alreadyCalled) {
    const wanted = plannedCalls(user.text, callPrefix);
    const calls = wanted.filter((c) => bound.has(c.name));
    if (calls.length > 0) {
      const text = `Calling ${calls.map((c) => c.name).join(", ")}.`;
      return { text, toolCalls: calls, usage: { input, output: words(text) } };
    }
  }

  const parts = [`echo: ${user.text}`];
  for (const m of since) {
    if (m.role === "tool") parts.push(`tool ${m.name} ${m.is_error ? "failed" : "returned"}: ${m.text}`);
    if (m.role === "steer") parts.push(`steered: ${m.text}`);
  }
  for (const c of plannedCalls(user.text, callPrefix)) {
    if (!bound.has(c.name)) parts.push(`tool ${c.name} is not bound`);
  }
  parts.push(`context: ${context.length} messages, digest ${contextDigest(context)}`);
  const text = parts.join(" | ");
  return { text, toolCalls: [], usage: { input, output: words(text) } };
}
