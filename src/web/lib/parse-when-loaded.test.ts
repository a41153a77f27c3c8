import { describe, expect, it } from "vitest";
import { z } from "zod";
import { parseWhenLoaded } from "./parse-when-loaded";

const schema = z.object({ count: z.number().int() });

describe("parseWhenLoaded (a response read with a schema that loads meanwhile)", () => {
  it("parses the body with the loaded schema, whichever settles first", async () => {
    const late = new Promise<typeof schema>((resolve) => setTimeout(() => resolve(schema), 20));
    await expect(parseWhenLoaded(Promise.resolve({ count: 3, extra: 1 }), late)).resolves.toEqual({
      count: 3,
    });
  });

  it("rejects a body the schema refuses, naming the field", async () => {
    await expect(parseWhenLoaded(Promise.resolve({ count: "3" }), Promise.resolve(schema))).rejects.toThrow(
      /count/,
    );
  });

  it("rejects with the request's error when the request fails, and with the load's when only the load fails", async () => {
    const requestError = new Error("401");
    await expect(parseWhenLoaded(Promise.reject(requestError), Promise.resolve(schema))).rejects.toBe(
      requestError,
    );
    const loadError = new TypeError("Failed to fetch dynamically imported module");
    await expect(parseWhenLoaded(Promise.resolve({ count: 1 }), Promise.reject(loadError))).rejects.toBe(
      loadError,
    );
  });
});
