import "@testing-library/jest-dom/vitest";
import { cleanup } from "@testing-library/react";
import { afterEach, beforeEach, expect } from "vitest";

/**
 * A component test fails when the component logs an error (React's warnings
 * about keys, act() and hydration come this way) or leaves a promise rejected
 * with no one to catch it: both are bugs a member would meet, even when the
 * test's own assertions pass.
 */
const problems: string[] = [];

const onUnhandledRejection = (reason: unknown) => {
  problems.push(`unhandled rejection: ${reason instanceof Error ? reason.stack : String(reason)}`);
};

// Replaced by hand rather than spied on, so a test that restores its own mocks keeps it.
const consoleError = console.error;

beforeEach(() => {
  problems.length = 0;
  console.error = (...args: unknown[]) => {
    problems.push(
      `console.error: ${args.map((arg) => (arg instanceof Error ? arg.stack : String(arg))).join(" ")}`,
    );
  };
  process.on("unhandledRejection", onUnhandledRejection);
});

afterEach(async () => {
  cleanup();
  // A rejection is reported once the microtasks that could still catch it have run.
  await new Promise((resolve) => setTimeout(resolve, 0));
  process.off("unhandledRejection", onUnhandledRejection);
  console.error = consoleError;
  expect(problems.join("\n\n"), "the component logged an error or left a rejection unhandled").toBe("");
});
