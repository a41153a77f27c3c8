/**
 * The button and small panel a profile page gets. Nothing is read before the button is clicked,
 * and nothing is sent before the panel has said exactly what will be sent and "Send" is clicked.
 */
import type { ProfileSnapshot } from "../../../src/core/schemas/snapshot";
import { CaptureError } from "../lib/capture-error";
import { describeCapture } from "../lib/describe";
import type { CaptureReply } from "../lib/messages";
import type { ProfilePage } from "../lib/read-page";

export interface CaptureWidgetDeps {
  page: ProfilePage;
  productName: string;
  /** Reads the profile from the page (only called after a click). */
  read: () => Promise<ProfileSnapshot>;
  /** The configured instance address, if any. */
  instanceUrl: () => Promise<string | undefined>;
  send: (snapshot: ProfileSnapshot) => Promise<CaptureReply>;
  openOptions: () => void;
  /**
   * Whether a click came from the user (default: the browser's `event.isTrusted`). A page script's
   * synthetic click must never read, send or open anything (issue #33); tests of the panel's flow
   * pass their own check, and one test keeps the browser's.
   */
  isTrusted?: (event: Event) => boolean;
}

export const WIDGET_HOST_ID = "sma-capture-extension";

const STYLE = `
:host { all: initial; }
.wrap { position: fixed; right: 16px; bottom: 16px; z-index: 2147483647; font: 14px/1.4 system-ui, sans-serif; color: #111827; display: flex; flex-direction: column; align-items: flex-end; gap: 8px; }
button { font: inherit; cursor: pointer; border-radius: 8px; border: 1px solid #4f46e5; padding: 6px 12px; background: #fff; color: #3730a3; }
button.primary { background: #4f46e5; color: #fff; }
button:focus-visible { outline: 2px solid #1d4ed8; outline-offset: 2px; }
.panel { width: 340px; max-height: 70vh; overflow: auto; background: #fff; border: 1px solid #d1d5db; border-radius: 10px; box-shadow: 0 8px 24px rgba(0,0,0,.18); padding: 12px 14px; }
.panel[hidden] { display: none; }
h2 { font-size: 15px; margin: 0 0 6px; }
p, ul { margin: 6px 0; }
ul { padding-left: 18px; }
.alert { color: #991b1b; background: #fef2f2; border: 1px solid #fecaca; border-radius: 6px; padding: 6px 8px; }
.grade { font-size: 22px; font-weight: 700; color: #3730a3; }
.row { display: flex; gap: 8px; margin-top: 8px; }
pre { font-size: 11px; white-space: pre-wrap; word-break: break-all; background: #f9fafb; padding: 6px; }
a { color: #3730a3; }
`;

export interface CaptureWidget {
  host: HTMLElement;
  /** The panel's closed shadow root: only the extension holds it (the page's scripts cannot reach it). */
  root: ShadowRoot;
  destroy(): void;
}

export function mountCaptureWidget(doc: Document, deps: CaptureWidgetDeps): CaptureWidget {
  doc.getElementById(WIDGET_HOST_ID)?.remove();
  const host = doc.createElement("div");
  host.id = WIDGET_HOST_ID;
  // Closed: the page's scripts get null from host.shadowRoot and cannot read or click inside (#33).
  const root = host.attachShadow({ mode: "closed" });
  const trusted = deps.isTrusted ?? ((event: Event) => event.isTrusted);
  /** A click handler that ignores clicks a page script made (event.isTrusted false). */
  const onUserClick = (node: HTMLElement, fn: () => void) =>
    node.addEventListener("click", (event) => {
      if (trusted(event)) fn();
    });
  const style = doc.createElement("style");
  style.textContent = STYLE;
  const wrap = doc.createElement("div");
  wrap.className = "wrap";
  const panel = doc.createElement("section");
  panel.className = "panel";
  panel.hidden = true;
  panel.setAttribute("aria-live", "polite");
  panel.setAttribute("aria-label", `Capture @${deps.page.handle}`);
  const button = doc.createElement("button");
  button.type = "button";
  button.className = "primary";
  button.textContent = `Analyse with ${deps.productName}`;
  wrap.append(panel, button);
  root.append(style, wrap);
  (doc.body ?? doc.documentElement).append(host);

  const el = <K extends keyof HTMLElementTagNameMap>(tag: K, text?: string, cls?: string) => {
    const node = doc.createElement(tag);
    if (text !== undefined) node.textContent = text;
    if (cls) node.className = cls;
    return node;
  };
  const show = (...children: Node[]) => {
    panel.replaceChildren(...children);
    panel.hidden = false;
  };
  const closeButton = (label = "Close") => {
    const b = el("button", label);
    b.type = "button";
    onUserClick(b, () => {
      panel.hidden = true;
      button.disabled = false;
    });
    return b;
  };
  const failure = (message: string, code: string, ...extra: Node[]) => {
    const alert = el("p", message, "alert");
    alert.setAttribute("role", "alert");
    alert.dataset.code = code;
    const row = el("div", undefined, "row");
    row.append(...extra, closeButton());
    show(el("h2", "Nothing was sent"), alert, row);
    button.disabled = false;
  };

  async function onSend(snapshot: ProfileSnapshot, instance: string) {
    show(el("p", `Sending @${snapshot.username}'s profile to ${instance}…`));
    let reply: CaptureReply;
    try {
      reply = await deps.send(snapshot);
    } catch (e) {
      reply = { ok: false, message: e instanceof Error ? e.message : String(e), code: "extension-error" };
    }
    if (!reply.ok) {
      failure(reply.message, reply.code);
      return;
    }
    const grade = el("p", undefined);
    grade.append("Grade: ");
    const value = el("span", reply.grade ?? "Unable to determine", "grade");
    value.dataset.testid = "capture-grade";
    grade.append(value);
    const link = el("a", "Open the report");
    link.href = reply.reportUrl;
    link.target = "_blank";
    link.rel = "noopener noreferrer";
    const row = el("div", undefined, "row");
    row.append(closeButton());
    show(
      el("h2", `Report ready for @${reply.username}`),
      grade,
      el("p", "The report opened in a new tab."),
      link,
      row,
    );
    button.disabled = false;
  }

  async function onClick() {
    button.disabled = true;
    show(el("p", `Reading @${deps.page.handle}'s profile from this page…`));
    let snapshot: ProfileSnapshot;
    try {
      snapshot = await deps.read();
    } catch (e) {
      if (e instanceof CaptureError) failure(e.message, e.code);
      else
        failure(
          `The profile could not be read: ${e instanceof Error ? e.message : String(e)}`,
          "read-failed",
        );
      return;
    }
    const instance = await deps.instanceUrl();
    if (!instance) {
      const open = el("button", "Open options");
      open.type = "button";
      onUserClick(open, () => deps.openOptions());
      failure(
        "Set your instance address and API key in the extension's options first.",
        "not-configured",
        open,
      );
      return;
    }
    const d = describeCapture(snapshot);
    const fields = el("ul");
    fields.dataset.testid = "capture-fields";
    fields.append(el("li", `Profile: ${d.profileFields.join(", ")}`));
    if (d.postCount > 0)
      fields.append(el("li", `Each of the ${d.postCount} posts: ${d.postFields.join(", ")}`));
    fields.append(
      el("li", "About the capture: the platform, when it was made, and which page data it was read from"),
    );
    const details = el("details");
    details.append(el("summary", "Show the exact data"), el("pre", JSON.stringify(snapshot, null, 2)));
    const send = el("button", "Send", "primary");
    send.type = "button";
    onUserClick(send, () => void onSend(snapshot, instance));
    const row = el("div", undefined, "row");
    row.append(send, closeButton("Cancel"));
    const summary = el("p", `This sends ${d.headline} to ${instance}, with your API key:`);
    summary.dataset.testid = "capture-summary";
    show(
      el("h2", `Send to ${instance}?`),
      summary,
      fields,
      el("p", "Nothing else from this page, your account or your browsing is sent."),
      details,
      row,
    );
  }

  onUserClick(button, () => void onClick());
  return { host, root, destroy: () => host.remove() };
}
