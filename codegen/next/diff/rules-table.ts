// The rules table as README.md's "Breaking-change rules" section prints it: one row per rule.
import { classificationOf } from "./effect";
import { RULES, type RuleId } from "./rules";
import type { Classification } from "./types";

const BREAKS: Record<Classification, string> = {
  safe: "safe",
  "breaks-old-readers": "old readers",
  "breaks-old-writers": "old writers",
  "breaks-old-readers-and-writers": "old readers and writers",
};

export const RULES_TABLE_HEAD = ["| Rule | Change | Breaks | Reason | Example |", "|---|---|---|---|---|"];

export function ruleRow(id: RuleId): string {
  const r = RULES[id];
  return `| \`${id}\` | ${r.title} | ${BREAKS[classificationOf(r.effect)]} | ${r.reason} | ${r.example} |`;
}

/** The whole table, in rule order. */
export function rulesTable(): string {
  return [...RULES_TABLE_HEAD, ...(Object.keys(RULES) as RuleId[]).map(ruleRow)].join("\n") + "\n";
}
