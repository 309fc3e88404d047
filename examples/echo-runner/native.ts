// The runner's native state: one append-only JSON-lines conversation log per session, below the
// session's native directory. This file format is private to the echo runner (it is not part of
// the wire protocol); the host only ever sees it as NativeFile entries with exact sizes.

import { promises as fs } from "node:fs";
import * as path from "node:path";
import type { NativeFile } from "../../out/ts/runner/generated";
import type { Message } from "./model";

/** Path of the conversation log, relative to the native directory. */
export const LOG_PATH = "session/conversation.jsonl";

/**
 * Every model call appends one line here. Not part of the checkpoint (nothing needs it to restore
 * the conversation): it only makes the fake model observable, so that tests can check that
 * `open` is passive.
 */
export const MODEL_CALLS_PATH = "diagnostics/model-calls.log";

type LogLine = { session: { session_id: string; model: string } } | { turn: string; message: Message };

/** A disk failure: the runner answers with brain_error. */
export class DiskFailure extends Error {}

export class NativeLog {
  readonly messages: Message[] = [];
  private exists = false;
  private queue: Promise<void> = Promise.resolve();

  private constructor(
    readonly dir: string,
    private readonly sessionId: string,
    private readonly model: string,
  ) {}

  /**
   * Loads saved state without writing anything: a missing log is an empty conversation (the log
   * is created by the first prompt), a corrupt one is a DiskFailure.
   */
  static async load(dir: string, sessionId: string, model: string): Promise<NativeLog> {
    const log = new NativeLog(dir, sessionId, model);
    let text: string;
    try {
      text = await fs.readFile(path.join(dir, LOG_PATH), "utf8");
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === "ENOENT") return log;
      throw new DiskFailure(`cannot read the conversation log: ${(e as Error).message}`);
    }
    log.exists = true;
    if (text.length > 0 && !text.endsWith("\n")) throw new DiskFailure("the conversation log ends with a torn line");
    const lines = text.split("\n").slice(0, -1);
    lines.forEach((line, i) => {
      let rec: LogLine;
      try {
        rec = JSON.parse(line) as LogLine;
      } catch {
        throw new DiskFailure(`line ${i + 1} of the conversation log is not JSON`);
      }
      if ("message" in rec) log.messages.push(rec.message);
    });
    return log;
  }

  /** Appends one message (serialised with the other writes of this session). */
  append(turn: string, message: Message): Promise<void> {
    const run = async (): Promise<void> => {
      let text = JSON.stringify({ turn, message } satisfies LogLine) + "\n";
      if (!this.exists) {
        text =
          JSON.stringify({ session: { session_id: this.sessionId, model: this.model } } satisfies LogLine) +
          "\n" +
          text;
      }
      const file = path.join(this.dir, LOG_PATH);
      try {
        await fs.mkdir(path.dirname(file), { recursive: true });
        await fs.appendFile(file, text);
      } catch (e) {
        throw new DiskFailure(`cannot append to the conversation log: ${(e as Error).message}`);
      }
      this.exists = true;
      this.messages.push(message);
    };
    const next = this.queue.then(run);
    this.queue = next.catch(() => undefined);
    return next;
  }

  /** Records one model call in the diagnostics file (best effort: diagnostics never fail a turn). */
  async noteModelCall(turn: string): Promise<void> {
    const file = path.join(this.dir, MODEL_CALLS_PATH);
    try {
      await fs.mkdir(path.dirname(file), { recursive: true });
      await fs.appendFile(file, turn + "\n");
    } catch {
      // ignored on purpose
    }
  }

  /** The files needed to restore the conversation, with their exact sizes now. */
  async checkpoint(): Promise<NativeFile[]> {
    await this.queue;
    if (!this.exists) return [];
    try {
      const st = await fs.stat(path.join(this.dir, LOG_PATH));
      if (!st.isFile()) throw new Error("not a regular file");
      return [{ path: LOG_PATH, size: st.size, append_only: true }];
    } catch (e) {
      throw new DiskFailure(`cannot stat the conversation log: ${(e as Error).message}`);
    }
  }
}
