// The JSON-Schema-Test-Suite, draft7, in both languages (tests/ts/helpers/suite-test.ts).
import { suiteTest } from "./helpers/suite-test";

suiteTest("draft7");
