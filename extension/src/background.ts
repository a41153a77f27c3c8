/// <reference types="chrome" />
/**
 * Service worker: holds the key's only use. Sends a snapshot the user confirmed to the configured
 * instance and opens the report in a new tab.
 */
import { InstanceError, sendSnapshot } from "./lib/instance";
import type { CaptureReply, ExtensionMessage } from "./lib/messages";
import { STORAGE_KEYS } from "./lib/messages";

async function capture(message: Extract<ExtensionMessage, { type: "capture" }>): Promise<CaptureReply> {
  const stored = await chrome.storage.local.get([STORAGE_KEYS.instanceUrl, STORAGE_KEYS.apiKey]);
  const instanceUrl = stored[STORAGE_KEYS.instanceUrl];
  const apiKey = stored[STORAGE_KEYS.apiKey];
  if (typeof instanceUrl !== "string" || !instanceUrl || typeof apiKey !== "string" || !apiKey)
    return {
      ok: false,
      message: "Set your instance address and API key in the extension's options first.",
      code: "not-configured",
    };
  try {
    const result = await sendSnapshot({ instanceUrl, apiKey }, message.snapshot);
    await chrome.tabs.create({ url: result.reportUrl });
    return { ok: true, grade: result.grade, reportUrl: result.reportUrl, username: result.username };
  } catch (e) {
    if (e instanceof InstanceError) return { ok: false, message: e.message, code: e.code };
    return {
      ok: false,
      message: `Sending failed: ${e instanceof Error ? e.message : String(e)}`,
      code: "send-failed",
    };
  }
}

chrome.runtime.onMessage.addListener((message: ExtensionMessage, _sender, sendResponse) => {
  if (message?.type === "capture") {
    void capture(message).then(sendResponse);
    return true; // answers asynchronously
  }
  if (message?.type === "open-options") void chrome.runtime.openOptionsPage();
  return false;
});

// The toolbar button opens the options (the capture itself starts from the page's own button).
chrome.action.onClicked.addListener(() => void chrome.runtime.openOptionsPage());
