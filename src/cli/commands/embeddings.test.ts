import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { embeddingsCommand } from "./embeddings";
import { importCommand } from "./import";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "app-cli-embeddings-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("cli embeddings", () => {
  it("has nothing to build after an import (the import built them), rebuilds all with --rebuild and shows progress", async () => {
    const file = path.join(dir, "list.csv");
    fs.writeFileSync(
      file,
      "platform,username,followers,bio\ninstagram,vegan_vic,1000,Vegan recipes\ninstagram,gym_gina,2000,HIIT workouts\n",
    );
    const env = { DATA_DIR: path.join(dir, "data") };
    const quiet = { out: () => {}, err: () => {} };
    expect(await importCommand([file], quiet, env, {})).toBe(0);
    const out: string[] = [];
    expect(await embeddingsCommand([], { out: (t) => out.push(t), err: () => {} }, env, {})).toBe(0);
    expect(out).toEqual(["Every account's representation is up to date; nothing to build."]);
    const progress: string[] = [];
    out.length = 0;
    const code = await embeddingsCommand(["--rebuild"], { out: (t) => out.push(t), err: () => {} }, env, {
      isTTY: true,
      write: (s) => progress.push(s),
    });
    expect(code).toBe(0);
    expect(out[0]).toMatch(/^Built 2 representations in [\d.]+ s \([\d,]+ accounts\/s\)\.$/);
    expect(progress.join("")).toContain("built 2 of 2 representations");
  }, 60_000);
});
