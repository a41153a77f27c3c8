/**
 * The extension's panel lives in a closed shadow root (issue #33), which Playwright's locators do
 * not enter. Chromium's DevTools protocol does (DOM.getDocument with pierce): this finds the panel's
 * nodes there, reads their text and clicks them with the mouse — real, trusted clicks, as a user's.
 */
import type { Page } from "playwright-core";

interface DomNode {
  nodeId: number;
  nodeType: number;
  nodeName: string;
  nodeValue: string;
  attributes?: string[];
  children?: DomNode[];
  shadowRoots?: DomNode[];
}

const textOf = (n: DomNode): string =>
  n.nodeType === 3
    ? n.nodeValue
    : n.nodeName === "STYLE"
      ? ""
      : [...(n.shadowRoots ?? []), ...(n.children ?? [])].map(textOf).join("");

function* walk(n: DomNode): Generator<DomNode> {
  yield n;
  for (const c of [...(n.shadowRoots ?? []), ...(n.children ?? [])]) yield* walk(c);
}

const attr = (n: DomNode, name: string) => {
  const a = n.attributes ?? [];
  const i = a.indexOf(name);
  return i >= 0 && i % 2 === 0 ? a[i + 1] : undefined;
};

export type NodeQuery = { button: string } | { testId: string } | { role: string } | { heading: string };

export async function closedShadow(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  const matches = (n: DomNode, q: NodeQuery) =>
    "button" in q
      ? n.nodeName === "BUTTON" && textOf(n).trim() === q.button
      : "testId" in q
        ? attr(n, "data-testid") === q.testId
        : "role" in q
          ? attr(n, "role") === q.role
          : n.nodeName === "H2" && textOf(n).trim() === q.heading;

  async function find(q: NodeQuery, timeoutMs = 15_000): Promise<DomNode> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const { root } = (await cdp.send("DOM.getDocument", { depth: -1, pierce: true })) as { root: DomNode };
      for (const n of walk(root)) if (matches(n, q)) return n;
      if (Date.now() > until) throw new Error(`no ${JSON.stringify(q)} on ${page.url()}`);
      await page.waitForTimeout(200);
    }
  }

  return {
    /** Waits for the node and returns its text. */
    async text(q: NodeQuery): Promise<string> {
      return textOf(await find(q));
    },
    async waitFor(q: NodeQuery): Promise<void> {
      await find(q);
    },
    /** A real mouse click in the middle of the node (a trusted event). */
    async click(q: NodeQuery): Promise<void> {
      const node = await find(q);
      const { model } = (await cdp.send("DOM.getBoxModel", { nodeId: node.nodeId })) as {
        model: { content: number[] };
      };
      const [x1, y1, , , x3, y3] = model.content as [number, number, number, number, number, number];
      await page.mouse.click((x1 + x3) / 2, (y1 + y3) / 2);
    },
  };
}
