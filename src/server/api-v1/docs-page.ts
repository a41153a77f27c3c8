import type { FastifyInstance } from "fastify";

/**
 * /api/docs: a readable reference of the public API rendered on the server from /api/openapi.json
 * (the same document, so it cannot drift), with a "try it" form per route. No CDN and no inline
 * script: the form's code is /api/docs/try-it.js, which the app's CSP (script-src 'self') allows.
 */

type Json = Record<string, unknown>;

const esc = (s: unknown): string =>
  String(s)
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");

/** Inline `code` and **bold** of the descriptions, on escaped text. */
const prose = (s: unknown): string =>
  esc(s ?? "")
    .replace(/`([^`]+)`/g, "<code>$1</code>")
    .replace(/\*\*([^*]+)\*\*/g, "<strong>$1</strong>");

const slug = (method: string, path: string) =>
  `${method}-${path}`
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

const pretty = (value: unknown) => esc(JSON.stringify(value, null, 2));

function schemaOf(content: unknown): { schema?: unknown; example?: unknown } {
  const json = (content as { "application/json"?: { schema?: Json; example?: unknown } } | undefined)?.[
    "application/json"
  ];
  if (!json) return {};
  return { schema: json.schema, example: json.example ?? (json.schema as Json | undefined)?.example };
}

function operationHtml(path: string, method: string, op: Json): string {
  const id = slug(method, path);
  const params = (op.parameters as Json[] | undefined) ?? [];
  const pathParams = params.filter((p) => p.in === "path");
  const body = schemaOf((op.requestBody as Json | undefined)?.content);
  const responses = (op.responses as Record<string, Json> | undefined) ?? {};
  const isV1 = path.startsWith("/api/v1/");
  const example = body.example ?? (isV1 && method !== "get" ? {} : undefined);
  const responseList = Object.entries(responses)
    .map(([code, res]) => {
      const { schema, example: resExample } = schemaOf(res.content);
      return `<li><details><summary><strong>${esc(code)}</strong> ${prose(res.description ?? "")}</summary>
${schema ? `<h5>Schema</h5><pre class="code" tabindex="0">${pretty(schema)}</pre>` : ""}
${resExample ? `<h5>Example</h5><pre class="code" tabindex="0">${pretty(resExample)}</pre>` : ""}
</details></li>`;
    })
    .join("\n");
  const paramList = params
    .map(
      (p) =>
        `<li><code>${esc(p.name)}</code> (${esc(p.in)}${p.required ? ", required" : ""}): <code>${esc(JSON.stringify((p.schema as Json | undefined)?.enum ?? (p.schema as Json | undefined)?.type ?? "string"))}</code></li>`,
    )
    .join("");
  const tryIt = isV1
    ? `<form class="try" data-method="${esc(method.toUpperCase())}" data-path="${esc(path)}" aria-labelledby="${id}-title">
<h4>Try it</h4>
${pathParams
  .map(
    (p) =>
      `<label>${esc(p.name)} <input name="${esc(p.name)}" required value="${esc(p.name === "platform" ? "instagram" : "")}" autocomplete="off"></label>`,
  )
  .join("\n")}
${method === "get" ? "" : `<label>Request body (JSON)<textarea name="body" rows="8" spellcheck="false">${pretty(example)}</textarea></label>`}
<button type="submit">Send ${esc(method.toUpperCase())} ${esc(path)}</button>
<pre class="code result" tabindex="0" role="status" aria-live="polite" aria-label="Response"></pre>
</form>`
    : "";
  return `<section class="op" id="${id}">
<h3 id="${id}-title"><span class="method ${esc(method)}">${esc(method.toUpperCase())}</span> <code>${esc(path)}</code></h3>
<p>${prose(op.summary)}</p>
${op.description ? `<p>${prose(op.description)}</p>` : ""}
${paramList ? `<h4>Parameters</h4><ul>${paramList}</ul>` : ""}
${body.schema ? `<h4>Request body</h4><details><summary>Schema</summary><pre class="code" tabindex="0">${pretty(body.schema)}</pre></details>${body.example ? `<h5>Example</h5><pre class="code" tabindex="0">${pretty(body.example)}</pre>` : ""}` : ""}
<h4>Responses</h4><ul class="responses">${responseList}</ul>
${tryIt}
</section>`;
}

export function renderApiDocs(doc: Json): string {
  const info = (doc.info as Json | undefined) ?? {};
  const paths = (doc.paths as Record<string, Record<string, Json>> | undefined) ?? {};
  const ops: { path: string; method: string; op: Json }[] = [];
  for (const [path, methods] of Object.entries(paths))
    for (const [method, op] of Object.entries(methods))
      if (["get", "post", "put", "patch", "delete"].includes(method)) ops.push({ path, method, op });
  // /api/v1 first (what scripts call), then the key routes.
  ops.sort((a, b) => Number(!a.path.startsWith("/api/v1/")) - Number(!b.path.startsWith("/api/v1/")));
  const toc = ops
    .map(
      ({ path, method }) =>
        `<li><a href="#${slug(method, path)}"><span class="method ${esc(method)}">${esc(method.toUpperCase())}</span> ${esc(path)}</a></li>`,
    )
    .join("\n");
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${esc(info.title ?? "API")} reference</title>
<link rel="icon" type="image/svg+xml" href="/favicon.svg">
<style>
body{font:16px/1.5 system-ui,sans-serif;margin:0;color:#111;background:#fff}
main{max-width:60rem;margin:0 auto;padding:1rem 1.5rem 4rem}
code,pre,textarea,input{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-size:.9rem}
pre.code{background:#f4f4f5;padding:.75rem;border-radius:6px;overflow:auto;max-height:28rem;white-space:pre-wrap}
.op{border-top:1px solid #ddd;padding-top:1rem;margin-top:2rem}
.method{display:inline-block;min-width:3.5rem;text-align:center;border-radius:4px;padding:0 .3rem;color:#fff;font-weight:600;font-size:.8rem}
.method.get{background:#1d4ed8}.method.post{background:#15803d}.method.delete{background:#b91c1c}
label{display:block;margin:.5rem 0}
input,textarea{display:block;width:100%;box-sizing:border-box;padding:.4rem;border:1px solid #888;border-radius:4px}
button{margin-top:.5rem;padding:.45rem .9rem;border-radius:4px;border:1px solid #111;background:#111;color:#fff;cursor:pointer}
button:focus-visible,input:focus-visible,textarea:focus-visible,a:focus-visible{outline:3px solid #2563eb;outline-offset:2px}
.key{position:sticky;top:0;background:#fff;padding:.5rem 0;border-bottom:1px solid #ddd;z-index:1}
.try{background:#fafafa;border:1px solid #e4e4e7;border-radius:6px;padding:.75rem;margin-top:1rem}
@media (prefers-color-scheme:dark){body,.key{background:#111;color:#eee}pre.code,.try{background:#1c1c1f;border-color:#333}input,textarea{background:#000;color:#eee}button{background:#eee;color:#111}}
</style>
<script src="/api/docs/try-it.js" defer></script>
</head>
<body>
<main>
<h1>${esc(info.title ?? "API")} reference</h1>
<p>${prose(info.description)}</p>
<p>Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI ${esc(doc.openapi)}).</p>
<h2>Example</h2>
<pre class="code" tabindex="0">curl -H "Authorization: Bearer $API_KEY" ${esc(((doc.servers as Json[] | undefined)?.[0]?.url as string | undefined) ?? "")}/api/v1/accounts/instagram/natgeo</pre>
<div class="key">
<label for="api-key">Your API key (for "Try it"; kept in this page only)</label>
<input id="api-key" type="password" autocomplete="off" placeholder="ca_…">
</div>
<h2>Routes</h2>
<nav aria-label="Routes"><ul>${toc}</ul></nav>
${ops.map(({ path, method, op }) => operationHtml(path, method, op)).join("\n")}
</main>
</body>
</html>`;
}

/** The "try it" forms: sends the request with the key typed above and shows the answer. */
export const TRY_IT_JS = `"use strict";
document.addEventListener("submit", async (event) => {
  const form = event.target;
  if (!(form instanceof HTMLFormElement) || !form.classList.contains("try")) return;
  event.preventDefault();
  const out = form.querySelector(".result");
  const key = document.getElementById("api-key").value.trim();
  let path = form.dataset.path;
  for (const input of form.querySelectorAll("input[name]"))
    path = path.replace("{" + input.name + "}", encodeURIComponent(input.value.trim()));
  const init = { method: form.dataset.method, headers: {}, cache: "no-store" };
  if (key) init.headers.authorization = "Bearer " + key;
  const body = form.querySelector("textarea[name=body]");
  if (body) {
    try { JSON.parse(body.value); } catch (err) { out.textContent = "The request body is not valid JSON: " + err.message; return; }
    init.headers["content-type"] = "application/json";
    init.body = body.value;
  }
  out.textContent = "Sending…";
  try {
    const res = await fetch(path, init);
    const text = await res.text();
    let shown = text;
    try { shown = JSON.stringify(JSON.parse(text), null, 2); } catch {}
    const limits = ["ratelimit-limit", "ratelimit-remaining", "ratelimit-reset"]
      .filter((h) => res.headers.get(h) !== null)
      .map((h) => h + ": " + res.headers.get(h)).join("\\n");
    out.textContent = res.status + " " + res.statusText + "\\n" + (limits ? limits + "\\n" : "") + "\\n" + shown;
  } catch (err) {
    out.textContent = "The request failed: " + err.message;
  }
});
`;

export function registerApiDocs(app: FastifyInstance, document: () => Record<string, unknown>): void {
  let html: string | null = null;
  app.get("/api/docs", { config: { auth: "public" }, schema: { hide: true } }, async (_request, reply) => {
    html ??= renderApiDocs(document());
    reply.type("text/html; charset=utf-8").header("cache-control", "no-cache");
    return reply.send(html);
  });
  app.get(
    "/api/docs/try-it.js",
    { config: { auth: "public" }, schema: { hide: true } },
    async (_request, reply) => {
      reply.type("text/javascript; charset=utf-8").header("cache-control", "no-cache");
      return reply.send(TRY_IT_JS);
    },
  );
}
