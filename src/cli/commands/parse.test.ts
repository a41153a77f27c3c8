import { describe, expect, it } from "vitest";
import { CliUsageError } from "../io";
import { runCli } from "../run-cli";
import { parseCommand } from "./parse";

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { out: (t: string) => out.push(t), err: (t: string) => err.push(t) }, out, err };
}

describe("parseCommand", () => {
  it("prints the parsed input as pretty JSON and returns 0", async () => {
    const c = capture();
    expect(await parseCommand(["https://www.tiktok.com/@khaby.lame", "--platform", "instagram"], c.io)).toBe(
      0,
    );
    expect(c.out).toHaveLength(1);
    expect(c.out[0]).toContain('\n  "username": "khaby.lame"');
    expect(JSON.parse(c.out[0]!)).toEqual({
      username: "khaby.lame",
      originalInput: "https://www.tiktok.com/@khaby.lame",
      inputType: "url",
      confidence: "high",
      suggestions: [],
      isValid: true,
      platform: "tiktok",
      linkKind: "profile",
    });
    expect(c.err).toEqual([]);
  });

  it("defaults to instagram and joins words, so names need no quotes", async () => {
    const c = capture();
    expect(await parseCommand(["Cristiano", "Ronaldo"], c.io)).toBe(0);
    expect(JSON.parse(c.out[0]!)).toMatchObject({
      username: "cristiano",
      inputType: "display_name",
      confidence: "medium",
    });
  });

  it("takes --platform=youtube", async () => {
    const c = capture();
    await parseCommand(["MrBeast", "--platform=YouTube"], c.io);
    expect(JSON.parse(c.out[0]!)).toMatchObject({ username: "mrbeast", confidence: "medium" });
  });

  it.each([
    [["x", "--platform", "myspace"], 'Unknown platform "myspace": use instagram, tiktok or youtube'],
    [["x", "--platform"], "Missing value for --platform: use instagram, tiktok or youtube"],
    [[], "Missing input."],
    [["  "], "Missing input."],
    [["x", "--json"], 'Unknown option "--json".'],
  ])("refuses %j with a usage error", async (argv, message) => {
    const c = capture();
    const error = await parseCommand(argv, c.io).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CliUsageError);
    expect((error as Error).message.split("\n")[0]).toBe(message);
    expect(c.out).toEqual([]);
  });

  it("is wired into the CLI: exit 0, or 2 with the message on stderr", async () => {
    const c = capture();
    expect(await runCli(["parse", "@natgeo"], c.io)).toBe(0);
    expect(JSON.parse(c.out[0]!)).toMatchObject({ username: "natgeo", inputType: "at_mention" });
    expect(await runCli(["parse", "x", "--platform", "myspace"], c.io)).toBe(2);
    expect(c.err[0]).toBe('Unknown platform "myspace": use instagram, tiktok or youtube');
  });
});
