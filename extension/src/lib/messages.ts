/** Messages between the content script and the background service worker. */
import type { ProfileSnapshot } from "../../../src/core/schemas/snapshot";

/** The product's display name (the web app's default BRAND_NAME). */
export const PRODUCT_NAME = "Social Media Analytics Platform";

/** chrome.storage.local keys. */
export const STORAGE_KEYS = { instanceUrl: "instanceUrl", apiKey: "apiKey" } as const;

export type ExtensionMessage = { type: "capture"; snapshot: ProfileSnapshot } | { type: "open-options" };

export type CaptureReply =
  | { ok: true; grade: string | null; reportUrl: string; username: string }
  | { ok: false; message: string; code: string };
