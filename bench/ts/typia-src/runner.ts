// typia's validator of RunnerFrame, from the generated TypeScript types (bench/run.sh turns this
// file into bench/ts/typia-gen/runner.ts with `typia generate`: no compiler patching).
import typia from "typia";
import type { RunnerFrame } from "../../../out/ts/runner/generated";

export const assertRunnerFrame = typia.createAssertEquals<RunnerFrame>();
