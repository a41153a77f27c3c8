import { describe, expect, it } from "vitest";
import { z } from "zod";
import { aiTextsSchema, wireJsonSchema } from "./schema";

/** Every object node of a JSON schema, nested ones included. */
function objects(node: unknown, out: Record<string, unknown>[] = []): Record<string, unknown>[] {
  if (Array.isArray(node)) for (const n of node) objects(n, out);
  else if (node && typeof node === "object") {
    const rec = node as Record<string, unknown>;
    if (rec.type === "object") out.push(rec);
    for (const value of Object.values(rec)) objects(value, out);
  }
  return out;
}

describe("wireJsonSchema (response_format for strict structured output)", () => {
  it("closes every object and drops the keywords strict mode refuses", () => {
    const nested = z.object({
      a: z.string().min(2).max(10).regex(/^x/),
      inner: z.object({ b: z.array(z.object({ c: z.number() })) }),
    });
    for (const schema of [wireJsonSchema(nested), wireJsonSchema(aiTextsSchema)]) {
      const nodes = objects(schema);
      expect(nodes.length).toBeGreaterThan(0);
      for (const node of nodes) expect(node.additionalProperties).toBe(false);
      const text = JSON.stringify(schema);
      for (const keyword of ["minLength", "maxLength", "pattern", "$schema"]) {
        expect(text).not.toContain(`"${keyword}"`);
      }
    }
    expect(objects(wireJsonSchema(nested))).toHaveLength(3);
  });
});
