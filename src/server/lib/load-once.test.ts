import { describe, expect, it } from "vitest";
import { loadOnce } from "./load-once";

describe("loadOnce (packages loaded with their first use)", () => {
  it("loads once and shares the result", async () => {
    let calls = 0;
    const load = loadOnce(async () => ({ n: ++calls }));
    const [a, b] = await Promise.all([load(), load()]);
    expect(a).toBe(b);
    expect(await load()).toBe(a);
    expect(calls).toBe(1);
  });

  it("tries a failed load again on the next call", async () => {
    let calls = 0;
    const load = loadOnce(async () => {
      calls++;
      if (calls === 1) throw new Error("Cannot find package 'undici'");
      return "loaded";
    });
    await expect(load()).rejects.toThrow("Cannot find package");
    await expect(load()).resolves.toBe("loaded");
    expect(calls).toBe(2);
  });
});
