// The JSON-Schema-Test-Suite, draft2020-12, in both languages (tests/ts/helpers/suite-test.ts).
import { suiteTest } from "./helpers/suite-test";

suiteTest("draft2020-12");
