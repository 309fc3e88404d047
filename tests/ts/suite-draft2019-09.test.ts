// The JSON-Schema-Test-Suite, draft2019-09, in both languages (tests/ts/helpers/suite-test.ts).
import { suiteTest } from "./helpers/suite-test";

suiteTest("draft2019-09");
