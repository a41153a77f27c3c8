/// <reference types="chrome" />
/** Options page: the instance address and API key (chrome.storage.local), with a connection test. */
import { checkApiKey, InstanceError, normalizeInstanceUrl, testConnection } from "./lib/instance";
import { STORAGE_KEYS } from "./lib/messages";

const form = document.getElementById("options") as HTMLFormElement;
const urlInput = document.getElementById("instance-url") as HTMLInputElement;
const keyInput = document.getElementById("api-key") as HTMLInputElement;
const status = document.getElementById("status") as HTMLParagraphElement;
const testButton = document.getElementById("test") as HTMLButtonElement;

function say(message: string, kind: "ok" | "error") {
  status.textContent = message;
  status.dataset.kind = kind;
  status.setAttribute("role", kind === "error" ? "alert" : "status");
}

function readForm() {
  return { instanceUrl: normalizeInstanceUrl(urlInput.value), apiKey: checkApiKey(keyInput.value) };
}

async function load() {
  const stored = await chrome.storage.local.get([STORAGE_KEYS.instanceUrl, STORAGE_KEYS.apiKey]);
  urlInput.value = typeof stored.instanceUrl === "string" ? stored.instanceUrl : "";
  keyInput.value = typeof stored.apiKey === "string" ? stored.apiKey : "";
}

form.addEventListener("submit", (event) => {
  event.preventDefault();
  void (async () => {
    try {
      const settings = readForm();
      await chrome.storage.local.set({
        [STORAGE_KEYS.instanceUrl]: settings.instanceUrl,
        [STORAGE_KEYS.apiKey]: settings.apiKey,
      });
      urlInput.value = settings.instanceUrl;
      say(`Saved. Captures go to ${settings.instanceUrl}.`, "ok");
    } catch (e) {
      say(e instanceof InstanceError ? e.message : String(e), "error");
    }
  })();
});

testButton.addEventListener("click", () => {
  void (async () => {
    say("Testing…", "ok");
    try {
      say(await testConnection(readForm()), "ok");
    } catch (e) {
      say(e instanceof InstanceError ? e.message : String(e), "error");
    }
  })();
});

void load();
