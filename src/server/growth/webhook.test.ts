import { describe, expect, it } from "vitest";
import { checkWebhookTarget, isPrivateAddress, signatureOf } from "./webhook";

describe("webhook targets", () => {
  it("knows private, loopback, link-local and mapped addresses from public ones", () => {
    for (const a of [
      "127.0.0.1",
      "10.0.0.8",
      "172.20.1.1",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
      "::1",
      "::",
      "fd00::1",
      "fe80::1",
      "::ffff:127.0.0.1",
      "::ffff:7f00:1",
      "::ffff:10.0.0.1",
    ])
      expect(isPrivateAddress(a), a).toBe(true);
    for (const a of ["93.184.216.34", "8.8.8.8", "2606:4700:4700::1111", "::ffff:8.8.8.8"])
      expect(isPrivateAddress(a), a).toBe(false);
  });

  it("checks every address a name resolves to", async () => {
    const lookup = async () => ["93.184.216.34", "10.0.0.5"];
    await expect(
      checkWebhookTarget("https://hooks.example.com/x", { allowPrivate: false, lookup }),
    ).rejects.toThrow(
      "webhooks may not go to private or loopback addresses (hooks.example.com is 10.0.0.5); the administrator can allow them with WEBHOOK_ALLOW_PRIVATE=1",
    );
    await expect(
      checkWebhookTarget("https://hooks.example.com/x", { allowPrivate: true, lookup }),
    ).resolves.toEqual({ url: "https://hooks.example.com/x", address: "93.184.216.34" });
    await expect(
      checkWebhookTarget("https://hooks.example.com/x", {
        allowPrivate: false,
        lookup: async () => ["93.184.216.34"],
      }),
    ).resolves.toMatchObject({ address: "93.184.216.34" });
    await expect(
      checkWebhookTarget("https://nowhere.invalid/x", {
        allowPrivate: false,
        lookup: async () => {
          throw new Error("ENOTFOUND");
        },
      }),
    ).rejects.toThrow("the host nowhere.invalid could not be resolved");
    await expect(checkWebhookTarget("https://u:p@example.com/", { allowPrivate: true })).rejects.toThrow(
      "a webhook URL may not contain a user name or password",
    );
  });

  it("signs the body with HMAC-SHA256", () => {
    // printf '{"a":1}' | openssl dgst -sha256 -hmac secret
    expect(signatureOf('{"a":1}', "secret")).toBe(
      "sha256=aa9e2e3575f5d7098b6caccd790888c36d5fdb63342a73bada2d6a51747a8494",
    );
  });
});
