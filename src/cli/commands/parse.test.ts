import { describe, expect, it } from "vitest";
import { runCli } from "../run-cli";

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { out: (t: string) => out.push(t), err: (t: string) => err.push(t) }, out, err };
}

describe("cli parse", () => {
  it("prints the parsed input as JSON", async () => {
    const c = capture();
    expect(
      await runCli(["parse", "https://www.tiktok.com/@khaby.lame", "--platform", "instagram"], c.io),
    ).toBe(0);
    expect(JSON.parse(c.out[0]!)).toMatchObject({
      username: "khaby.lame",
      platform: "tiktok",
      confidence: "high",
      inputType: "url",
    });
  });
  it("refuses an unknown platform and a missing input", async () => {
    const c = capture();
    expect(await runCli(["parse", "x", "--platform", "myspace"], c.io)).toBe(2);
    expect(c.err[0]).toBe('Unknown platform "myspace": use instagram, tiktok, youtube');
    expect(await runCli(["parse"], c.io)).toBe(2);
    expect(c.err[1]).toContain("Usage: parse");
  });
});
