import { chromium } from "playwright-core";
const b = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
for (const u of process.argv.slice(2)) {
  const ctx = await b.newContext({ viewport: { width: 412, height: 823 } });
  const p = await ctx.newPage();
  const errs = [];
  p.on("console", (m) => { if (m.type() === "error" || m.type() === "warning") errs.push(m.type() + ": " + m.text().slice(0, 200)); });
  await p.addInitScript(() => {
    window.__lcp = []; window.__cls = 0;
    new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__lcp.push({ t: Math.round(e.startTime), size: e.size, el: e.element ? e.element.tagName + ":" + (e.element.textContent || "").slice(0, 40) : null }); }).observe({ type: "largest-contentful-paint", buffered: true });
    new PerformanceObserver((l) => { for (const e of l.getEntries()) if (!e.hadRecentInput) window.__cls += e.value; }).observe({ type: "layout-shift", buffered: true });
  });
  const reqs = [];
  p.on("request", (r) => { if (r.url().includes("/api/")) reqs.push(r.method() + " " + r.url().replace(/.*\/api/, "/api")); });
  await p.goto(u); await p.waitForTimeout(3000);
  console.log(u, JSON.stringify(await p.evaluate(() => ({ lcp: window.__lcp, cls: window.__cls, h1: document.querySelector("h1")?.textContent, shell: !!document.querySelector("[data-static-shell]") }))));
  console.log("  errors:", errs, "\n  api:", reqs.join(", "));
  await ctx.close();
}
await b.close();
