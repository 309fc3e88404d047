// The TypeScript check of each keyword family entry (the code lives in its family's module).
import { tsBounds } from "../keywords/bounds";
import { tsConst, tsEnum } from "../keywords/const-enum";
import { tsFormat } from "../keywords/format";
import { tsItemsLength } from "../keywords/items-length";
import { tsMultipleOf } from "../keywords/multiple-of";
import { tsPattern } from "../keywords/pattern";
import { tsLength } from "../keywords/string-length";
import type { ArrayCheck, NumberCheck, StringCheck } from "../ir/types";
import type { Printer } from "../print/printer";
import type { Val } from "./value";

export function tsKeywordCheck(pr: Printer, c: StringCheck | NumberCheck | ArrayCheck, v: Val): void {
  switch (c.family) {
    case "const":
      return tsConst(pr, c, v);
    case "enum":
      return tsEnum(pr, c, v);
    case "length":
      return tsLength(pr, c, v);
    case "pattern":
      return tsPattern(pr, c, v);
    case "format":
      return tsFormat(pr, c, v);
    case "bounds":
      return tsBounds(pr, c, v);
    case "multipleOf":
      return tsMultipleOf(pr, c, v);
    case "items-length":
      return tsItemsLength(pr, c, v);
    case "unique":
    case "contains":
      throw new Error(`generator bug: ${c.family} is printed by the array check`);
  }
}
