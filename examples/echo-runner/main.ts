// The echo runner: a reference runner of the runner protocol (shared/PROTOCOL.md §1) with a
// deterministic fake model. It reads host frames from stdin with the generated frame reader and
// writes every frame to stdout with the generated encoders; stdout carries frames only,
// diagnostics go to stderr.
//
// Run it (from the repository root, after `npm ci`):
//   node_modules/.bin/tsx examples/echo-runner/main.ts
// or bundle it once into plain JavaScript, as the Go tests in examples/host do:
//   node_modules/.bin/esbuild examples/echo-runner/main.ts --bundle --platform=node --outfile=/tmp/echo-runner.js
//   node /tmp/echo-runner.js
// Type-check it:  node_modules/.bin/tsc -p examples/echo-runner --noEmit

import {
  DecodeError,
  ErrorCode,
  EventName,
  MaxConcurrentToolCalls,
  Method,
  StopReason,
  decodeToolCallRequestResult,
  encodeAssistantDeltaEvent,
  encodeAssistantMessageEvent,
  encodeCheckpointResult,
  encodeEmptyResult,
  encodeErrorResponse,
  encodeOpenResult,
  encodePromptResult,
  encodeResultResponse,
  encodeToolCallRequest,
  readHostToRunnerFrames,
  type CheckpointRequest,
  type DetachRequest,
  type ErrorResponse,
  type HarnessOptions,
  type InterruptRequest,
  type JsonObject,
  type JsonValue,
  type OpenRequest,
  type PromptRequest,
  type PromptResult,
  type ResponseError,
  type ResultResponse,
  type SteerRequest,
  type ToolResult,
} from "../../out/ts/runner/generated";
import * as path from "node:path";
import { ProviderFailure, generate, type Message } from "./model";
import { DiskFailure, NativeLog } from "./native";

// ---- output ----------------------------------------------------------------------------------

/** Writes one encoded frame. stdout is reserved for frames. */
function send(line: string): void {
  process.stdout.write(line + "\n");
}

function log(msg: string): void {
  process.stderr.write(`echo-runner: ${msg}\n`);
}

/**
 * A ResultResponse carries its result as a free-form JsonValue, so its encoder checks only that it
 * is JSON. Typed results (OpenResult, NativeFile[], ...) fit there directly; going through the typed
 * encoder first (encodeOpenResult, ...) also checks the result against its method's schema before it
 * goes out, so a runner bug is caught here and not by the host.
 */
function checked(encoded: string): JsonValue {
  return JSON.parse(encoded) as JsonValue;
}

type AnyRequest = OpenRequest | PromptRequest | SteerRequest | InterruptRequest | CheckpointRequest | DetachRequest;

function respond(req: AnyRequest, result: JsonValue): void {
  const res: ResultResponse = { attachment: req.attachment, id: req.id, result };
  if ("turn" in req) res.turn = req.turn;
  send(encodeResultResponse(res));
}

/** A failure that becomes an error response. */
class Failure extends Error {
  readonly error: ResponseError;
  constructor(code: ErrorCode, message: string) {
    super(message);
    this.error = { code, message };
  }
}

function fail(req: AnyRequest, e: unknown): void {
  let f: Failure;
  if (e instanceof Failure) f = e;
  else if (e instanceof DiskFailure) f = new Failure(ErrorCode.BrainError, e.message);
  else if (e instanceof ProviderFailure) f = new Failure(ErrorCode.ProviderError, e.message);
  else f = new Failure(ErrorCode.BrainError, `internal error: ${(e as Error)?.message ?? String(e)}`);
  const res: ErrorResponse = { attachment: req.attachment, id: req.id, error: f.error };
  if ("turn" in req) res.turn = req.turn;
  send(encodeErrorResponse(res));
}

// ---- state -----------------------------------------------------------------------------------

/** Thrown inside a turn when it is interrupted. */
class Aborted extends Error {}

class Turn {
  aborted = false;
  private readonly onAbort = new Set<() => void>();
  constructor(readonly id: string) {}
  abort(): void {
    if (this.aborted) return;
    this.aborted = true;
    for (const f of this.onAbort) f();
    this.onAbort.clear();
  }
  check(): void {
    if (this.aborted) throw new Aborted();
  }
  /** Runs until p settles or the turn is aborted, whichever comes first. */
  race<T>(p: Promise<T>): Promise<T> {
    if (this.aborted) return Promise.reject(new Aborted());
    return new Promise<T>((resolve, reject) => {
      const stop = (): void => reject(new Aborted());
      this.onAbort.add(stop);
      p.then(
        (v) => {
          this.onAbort.delete(stop);
          resolve(v);
        },
        (e: unknown) => {
          this.onAbort.delete(stop);
          reject(e);
        },
      );
    });
  }
}

interface Session {
  attachment: string;
  options: HarnessOptions;
  bound: ReadonlySet<string>;
  log: NativeLog;
  active: Turn | null;
  turns: number;
}

const sessions = new Map<string, Session>();

/** Outstanding tool calls by frame id; answered by the host's responses. */
const toolCalls = new Map<string, (r: ResultResponse | ErrorResponse) => void>();
let nextFrame = 0;

/** A counting semaphore: at most MaxConcurrentToolCalls tool calls outstanding per runner. */
let inFlight = 0;
const slotWaiters: (() => void)[] = [];
async function acquireSlot(): Promise<void> {
  if (inFlight < MaxConcurrentToolCalls) {
    inFlight++;
    return;
  }
  await new Promise<void>((resolve) => slotWaiters.push(resolve));
}
function releaseSlot(): void {
  const next = slotWaiters.shift();
  if (next)
    next(); // hands the slot over
  else inFlight--;
}

/** Attachments being opened: their other requests wait until the open settles. */
const opening = new Map<string, Promise<JsonValue>>();

async function sessionOf(req: AnyRequest): Promise<Session> {
  const pending = opening.get(req.attachment);
  if (pending) await pending.catch(() => undefined);
  const s = sessions.get(req.attachment);
  if (!s) throw new Failure(ErrorCode.BrainError, "unknown attachment");
  return s;
}

// ---- methods ---------------------------------------------------------------------------------

async function open(req: OpenRequest): Promise<JsonValue> {
  if (sessions.has(req.attachment) || opening.has(req.attachment)) {
    throw new Failure(ErrorCode.BrainError, "attachment is already open");
  }
  const p = openSession(req);
  opening.set(req.attachment, p);
  try {
    return await p;
  } finally {
    opening.delete(req.attachment);
  }
}

async function openSession(req: OpenRequest): Promise<JsonValue> {
  const o = req.params;
  if (!path.isAbsolute(o.dir)) throw new Failure(ErrorCode.BrainError, "the native directory must be an absolute path");
  const schemas = new Set(o.tools.map((t) => t.name));
  // Only tools that are both bound by the config and described by a schema are exposed.
  const exposed = o.config.tools.filter((name) => schemas.has(name));
  // Passive open: load saved state, nothing else (no model call, no tool call, no write, no timer).
  const nativeLog = await NativeLog.load(o.dir, o.session_id, o.config.model);
  // The provider credential (o.provider.api_key) stays in memory: a real runner would hand it to
  // its model client; it is never written below the native directory nor logged.
  sessions.set(req.attachment, {
    attachment: req.attachment,
    options: o,
    bound: new Set(exposed),
    log: nativeLog,
    active: null,
    turns: nativeLog.messages.filter((m) => m.role === "user").length,
  });
  return checked(encodeOpenResult({ tools: exposed }));
}

async function prompt(req: PromptRequest): Promise<JsonValue> {
  const s = await sessionOf(req);
  if (s.active) throw new Failure(ErrorCode.BrainError, "a turn is already active on this attachment");
  const turn = new Turn(req.turn);
  s.active = turn;
  s.turns++;
  const callPrefix = `call-${s.turns}`;
  let result: PromptResult = {};
  try {
    await s.log.append(turn.id, { role: "user", text: req.params.text });
    for (let step = 0; ; step++) {
      turn.check();
      await s.log.noteModelCall(turn.id);
      const gen = generate(s.log.messages, s.bound, `${callPrefix}-${step}`);
      await stream(s, turn, gen.text);
      const stop: StopReason = gen.toolCalls.length > 0 ? StopReason.ToolUse : StopReason.Stop;
      const message: Message =
        gen.toolCalls.length > 0
          ? { role: "assistant", text: gen.text, tool_calls: gen.toolCalls }
          : { role: "assistant", text: gen.text };
      await s.log.append(turn.id, message);
      send(
        encodeAssistantMessageEvent({
          attachment: s.attachment,
          turn: turn.id,
          event: EventName.AssistantMessage,
          data: { text: gen.text, usage: gen.usage, stop_reason: stop },
        }),
      );
      if (gen.toolCalls.length === 0) break;
      const results = await Promise.all(gen.toolCalls.map((c) => callTool(s, turn, c.id, c.name, c.arguments)));
      turn.check();
      for (let i = 0; i < results.length; i++) {
        const c = gen.toolCalls[i]!;
        const r = results[i]!;
        const text = r.content.map((b) => b.text).join("");
        await s.log.append(turn.id, { role: "tool", id: c.id, name: c.name, is_error: r.is_error, text });
      }
    }
  } catch (e) {
    if (!(e instanceof Aborted)) throw e;
    // Clean interruption: the aborted turn is closed in the log (appending only), and the host
    // learns it from the result. Earlier bytes of the log are never touched.
    await s.log.append(turn.id, { role: "aborted" });
    send(
      encodeAssistantMessageEvent({
        attachment: s.attachment,
        turn: turn.id,
        event: EventName.AssistantMessage,
        data: { text: "", usage: { input: 0, output: 0 }, stop_reason: StopReason.Aborted },
      }),
    );
    result = { interrupted: true };
  } finally {
    s.active = null;
  }
  return checked(encodePromptResult(result));
}

/** Streams text as assistant.delta events, a word at a time, yielding to the event loop in between. */
async function stream(s: Session, turn: Turn, text: string): Promise<void> {
  for (const piece of text.match(/\S+\s*/g) ?? []) {
    turn.check();
    send(
      encodeAssistantDeltaEvent({
        attachment: s.attachment,
        turn: turn.id,
        event: EventName.AssistantDelta,
        data: { text: piece },
      }),
    );
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}

/** Calls a bound tool through the host and waits for its result (or the turn's abort). */
async function callTool(s: Session, turn: Turn, id: string, name: string, args: JsonObject): Promise<ToolResult> {
  const slot = acquireSlot();
  try {
    await turn.race(slot);
  } catch (e) {
    void slot.then(releaseSlot); // interrupted while queued: give the slot back once we get it
    throw e;
  }
  const frameId = `tc${++nextFrame}`;
  // A call stays outstanding, holding its slot, until the host answers it, even when the turn
  // is interrupted meanwhile: the host counts it until then, and its late result is dropped.
  const answered = new Promise<ResultResponse | ErrorResponse>((resolve) =>
    toolCalls.set(frameId, (res) => {
      toolCalls.delete(frameId);
      releaseSlot();
      resolve(res);
    }),
  );
  let frame: string;
  try {
    frame = encodeToolCallRequest({
      attachment: s.attachment,
      turn: turn.id,
      id: frameId,
      method: Method.ToolCall,
      params: { id, name, arguments: args },
    });
  } catch (e) {
    toolCalls.delete(frameId); // never sent
    releaseSlot();
    throw e;
  }
  send(frame);
  const res = await turn.race(answered);
  if ("error" in res) throw new Failure(ErrorCode.BrainError, `the host failed the tool call: ${res.error.message}`);
  try {
    return decodeToolCallRequestResult(res.result);
  } catch (e) {
    if (e instanceof DecodeError) throw new Failure(ErrorCode.BrainError, `bad tool result: ${e.code} at ${e.pointer}`);
    throw e;
  }
}

async function steer(req: SteerRequest): Promise<JsonValue> {
  const s = await sessionOf(req);
  if (!s.active || s.active.id !== req.turn) throw new Failure(ErrorCode.BrainError, "no such active turn to steer");
  // The steering text joins the context before the turn's next model call.
  await s.log.append(req.turn, { role: "steer", text: req.params.text });
  return checked(encodeEmptyResult({}));
}

async function interrupt(req: InterruptRequest): Promise<JsonValue> {
  const s = await sessionOf(req);
  // Interrupting a turn that already settled (or never existed) is a no-op.
  if (s.active && s.active.id === req.turn) s.active.abort();
  return checked(encodeEmptyResult({}));
}

async function checkpoint(req: CheckpointRequest): Promise<JsonValue> {
  const s = await sessionOf(req);
  if (s.active) throw new Failure(ErrorCode.BrainError, "checkpoint while a turn is active");
  return checked(encodeCheckpointResult(await s.log.checkpoint()));
}

async function detach(req: DetachRequest): Promise<JsonValue> {
  const s = await sessionOf(req);
  if (s.active) throw new Failure(ErrorCode.BrainError, "detach while a turn is active");
  sessions.delete(req.attachment);
  return checked(encodeEmptyResult({}));
}

// ---- main loop -------------------------------------------------------------------------------

function handle(req: AnyRequest, run: () => JsonValue | Promise<JsonValue>): void {
  // Requests run concurrently: a prompt settles long after the steer or interrupt that follows it.
  void (async () => {
    try {
      respond(req, await run());
    } catch (e) {
      fail(req, e);
    }
  })();
}

async function main(): Promise<void> {
  process.stdout.on("error", () => process.exit(0)); // the host went away
  for await (const frame of readHostToRunnerFrames(process.stdin)) {
    if (!frame.ok) {
      // A broken line from the host cannot be answered (it has no usable id); it is reported
      // on stderr and skipped. The host's own framing is the host's business.
      log(`bad frame from host: ${frame.error.code} at ${JSON.stringify(frame.error.pointer)}`);
      continue;
    }
    const f = frame.value;
    if ("method" in f) {
      switch (f.method) {
        case "open":
          handle(f, () => open(f));
          break;
        case "prompt":
          handle(f, () => prompt(f));
          break;
        case "steer":
          handle(f, () => steer(f));
          break;
        case "interrupt":
          handle(f, () => interrupt(f));
          break;
        case "checkpoint":
          handle(f, () => checkpoint(f));
          break;
        case "detach":
          handle(f, () => detach(f));
          break;
      }
    } else {
      const answer = toolCalls.get(f.id);
      if (answer)
        answer(f); // resolves the waiting call, or settles an abandoned one
      else log("dropped a response to an unknown tool call");
    }
  }
  // stdin closed: the host is done with us. Abort whatever is still running and let the
  // event loop drain (pending writes are flushed before the process exits).
  for (const s of sessions.values()) s.active?.abort();
}

main().catch((e: unknown) => {
  log(`fatal: ${(e as Error)?.stack ?? String(e)}`);
  process.exitCode = 1;
});
