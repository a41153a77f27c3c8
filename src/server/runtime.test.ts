import { describe, expect, it } from "vitest";

/**
 * `.ci/run` runs the suite twice, on the machine's Node.js and on Node.js 24 LTS (issue #26), and
 * says which major version each run must be on: this fails if the suite silently ran on another.
 */
const expected = process.env.EXPECT_NODE_MAJOR;

describe("runtime", () => {
  it.skipIf(!expected)(`runs on Node.js ${expected ?? "(any: EXPECT_NODE_MAJOR not set)"}`, () => {
    expect(process.versions.node.split(".")[0]).toBe(expected);
  });
});
