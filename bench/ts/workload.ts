// Seeded, realistic workloads of runner-protocol frames (both languages read the same bytes).
//   small: ~70% short assistant.delta events, the rest a mix of every other frame kind;
//   large: frames whose payload is 100 KiB to 1 MiB (assistant.message, tool results, prompts, tool calls).
// Every frame is valid for RunnerFrame; the generator decodes each one to make sure.

/** mulberry32: a small, fast, seeded PRNG. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = (
  "the a of to and in is it you that for on with as are this be at or have from by not but what all were when we can there " +
  "function return value error file path request response model token stream chunk buffer line frame session turn tool call " +
  "résumé naïve café über straße 東京 数据 данные 🙂 🚀 ✓ — “quoted” ‘text’"
).split(" ");

export function makeFrames(kind: "small" | "large", count: number, seed: number): string[] {
  const r = rng(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
  const id = (prefix: string) => `${prefix}-${Math.floor(r() * 0xffffffff).toString(16).padStart(8, "0")}`;
  const words = (n: number): string => {
    const out: string[] = [];
    for (let i = 0; i < n; i++) {
      let w = pick(WORDS);
      const x = r();
      if (x < 0.03) w += "\n";
      else if (x < 0.04) w = `"${w}"`;
      else if (x < 0.045) w += "\t";
      else if (x < 0.05) w = `C:\\${w}`;
      out.push(w);
    }
    return out.join(" ");
  };
  /** Text of about `bytes` UTF-8 bytes. */
  const bigText = (bytes: number): string => {
    const parts: string[] = [];
    let n = 0;
    while (n < bytes) {
      const s = words(64);
      parts.push(s);
      n += Buffer.byteLength(s) + 1;
    }
    return parts.join(" ");
  };
  const att = Array.from({ length: 4 }, () => id("att"));
  const common = () => ({ attachment: pick(att), turn: id("turn") });
  const toolResult = (text: string) => ({ content: [{ type: "text", text }], is_error: r() < 0.1 });

  const other = (size: number): object => {
    const k = size > 0 ? pick([0, 1, 2, 5, 6, 7, 8, 9, 9, 6]) : Math.floor(r() * 10);
    const text = size > 0 ? bigText(size) : words(3 + Math.floor(r() * 40));
    switch (k) {
      case 0:
        return {
          attachment: pick(att),
          id: id("req"),
          method: "open",
          params: {
            session_id: id("sess"),
            dir: `/home/user/projects/${id("p")}`,
            config: { model: "openai/gpt-4.1-mini", tools: ["echo", "search", "read_file"] },
            tools: [
              { name: "echo", description: words(8), input_schema: { type: "object", properties: { value: { type: "string" } } } },
              { name: "read_file", description: size > 0 ? text : words(12), input_schema: { type: "object", required: ["path"], properties: { path: { type: "string" }, limit: { type: "integer", minimum: 1 } } } },
            ],
            provider: { api_key: id("sk") },
          },
        };
      case 1:
        return { ...common(), id: id("req"), method: "prompt", params: { text } };
      case 2:
        return { ...common(), id: id("req"), method: "steer", params: { text } };
      case 3:
        return { ...common(), id: id("req"), method: "interrupt", params: null };
      case 4:
        return { attachment: pick(att), id: id("req"), method: r() < 0.5 ? "checkpoint" : "detach", params: null };
      case 5:
        return { ...common(), id: id("call"), method: "tool.call", params: { id: id("tc"), name: "read_file", arguments: { path: `src/${id("f")}.ts`, limit: 200, note: text } } };
      case 6:
        return { ...common(), id: id("call"), result: toolResult(text) };
      case 7:
        return r() < 0.5 && size === 0
          ? { ...common(), id: id("req"), result: [{ path: `session/${id("f")}.jsonl`, size: Math.floor(r() * 1e6), append_only: true }, { path: "session/meta.json", size: 512, append_only: false }] }
          : { ...common(), id: id("req"), result: { tools: ["echo", "search"], note: text } };
      case 8:
        return { ...common(), id: id("req"), error: { code: pick(["provider_error", "brain_error"]), message: text } };
      default:
        return {
          ...common(),
          event: "assistant.message",
          data: { text, usage: { input: Math.floor(r() * 5000), output: Math.floor(r() * 2000) }, stop_reason: pick(["stop", "length", "tool_use"]) },
        };
    }
  };

  const frames: string[] = [];
  for (let i = 0; i < count; i++) {
    let f: object;
    if (kind === "small") {
      f = r() < 0.7 ? { ...common(), event: "assistant.delta", data: { text: words(1 + Math.floor(r() * 6)) } } : other(0);
    } else {
      const size = 100 * 1024 + Math.floor(r() * (1024 * 1024 - 100 * 1024));
      f = other(size);
    }
    const text = JSON.stringify(f);
    // Some writers (Python's json.dumps by default) escape everything outside ASCII as \uXXXX.
    frames.push(r() < 0.05 ? text.replace(/[\u007f-\uffff]/g, (c) => "\\u" + c.charCodeAt(0).toString(16).padStart(4, "0")) : text);
  }
  return frames;
}

/** The frames as one byte stream of "\n"-terminated lines. */
export function toStream(frames: string[]): Uint8Array {
  return new Uint8Array(Buffer.from(frames.map((f) => f + "\n").join(""), "utf8"));
}
