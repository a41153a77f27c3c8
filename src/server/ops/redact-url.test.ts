import { describe, expect, it } from "vitest";
import { redactUrl } from "./redact-url";

describe("redactUrl", () => {
  it("hides user and password, keeps host, port and database", () => {
    expect(redactUrl("postgres://app:s3cret@db.internal:5432/prod")).toBe(
      "postgres://***@db.internal:5432/prod",
    );
    expect(redactUrl("redis://:pa55@127.0.0.1:6379/0")).toBe("redis://***@127.0.0.1:6379/0");
  });
  it("leaves a URL without credentials alone", () => {
    expect(redactUrl("redis://127.0.0.1:6379")).toBe("redis://127.0.0.1:6379");
  });
});
