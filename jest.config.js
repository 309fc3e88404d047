/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: "node",
  roots: ["<rootDir>/tests"],
  testMatch: ["**/*.test.ts"],
  transform: { "^.+\\.ts$": ["ts-jest", { diagnostics: false }] },
  testTimeout: 60000,
  // At least two workers: jest's default (cores − 1) is one on a two-core machine, where many suites
  // wait on Go compiles in child processes; two workers took the suites from 440 s to 296 s here.
  maxWorkers: Math.max(2, require("os").availableParallelism() - 1),
};
