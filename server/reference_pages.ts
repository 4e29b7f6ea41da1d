/**
 * The metric registry and the API description as pages a person reads:
 * `GET /metrics` and `GET /api`, served by the app itself with an inline
 * style and nothing else, open without the token (they describe the
 * service; the data routes stay under `/v1`).
 *
 * @module
 */

import type { MetricListing } from "../metrics/listing.ts";
import type { ParamSpec } from "../metrics/metric.ts";

const STYLE = `
:root { color-scheme: light dark; --ink: #1c2430; --muted: #5d6b7c; --line: #dde2e8;
  --bg: #f6f7f9; --card: #fff; --accent: #2457c5; }
@media (prefers-color-scheme: dark) { :root { --ink: #e4e8ee; --muted: #9aa6b5;
  --line: #313a46; --bg: #14181f; --card: #1d232c; --accent: #7aa2f7; } }
body { margin: 0; background: var(--bg); color: var(--ink);
  font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
main { max-width: 1120px; margin: 0 auto; padding: 1rem 1.25rem 3rem; }
nav a { color: var(--accent); margin-right: 1rem; text-decoration: none; }
h1 { font-size: 1.4rem; margin: .6rem 0 .3rem; }
h2 { font-size: 1.1rem; margin: 1.6rem 0 .4rem; }
h3 { font-size: 1rem; margin: 1rem 0 .3rem; }
p { margin: .3rem 0 .6rem; max-width: 60rem; }
.muted { color: var(--muted); }
section { background: var(--card); border: 1px solid var(--line); border-radius: 10px;
  padding: .8rem 1.1rem; margin: 0 0 1rem; }
.scroll { overflow-x: auto; }
table { border-collapse: collapse; width: 100%; font-size: 14px; }
th, td { text-align: left; vertical-align: top; padding: .3rem .6rem;
  border-bottom: 1px solid var(--line); }
th { font-weight: 600; }
code { font: 13px ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
td:first-child code { white-space: nowrap; }
.method { font-weight: 700; color: var(--accent); }
`;

function escapeHtml(text: string): string {
  return text.replace(
    /[<>&"']/g,
    (c) =>
      ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&#39;" })[
        c
      ]!,
  );
}

/** Backquoted spans of a description as code, the rest escaped. */
function prose(text: string): string {
  return escapeHtml(text).replace(/`([^`]+)`/g, "<code>$1</code>");
}

function pageDocument(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · ranklens</title><link rel="icon" href="data:,">
<style>${STYLE}</style></head>
<body><main>
<nav><a href="./">← ranklens</a><a href="metrics">Metrics</a><a href="api">API</a></nav>
<h1>${escapeHtml(title)}</h1>
${body}
</main></body></html>
`;
}

function paramText(name: string, spec: ParamSpec): string {
  const bounds = [
    spec.min === undefined
      ? ""
      : `${spec.exclusiveMin ? ">" : "≥"} ${spec.min}`,
    spec.max === undefined
      ? ""
      : `${spec.exclusiveMax ? "<" : "≤"} ${spec.max}`,
    spec.choices ? `one of ${spec.choices.join(", ")}` : "",
  ].filter(Boolean).join(", ");
  const fallback = spec.default === undefined
    ? ""
    : `, default ${
      typeof spec.default === "object"
        ? JSON.stringify(spec.default)
        : spec.default
    }`;
  return `<code>${escapeHtml(name)}</code> (${spec.type}${
    bounds ? `, ${escapeHtml(bounds)}` : ""
  }${escapeHtml(fallback)}): ${prose(spec.description)}`;
}

function example(metric: MetricListing): string {
  return metric.name +
    (metric.cutoff === "required" ? "@10" : "");
}

/**
 * The metric registry as an HTML page: one table per kind, each metric with
 * its spec, what it measures, its cutoff, its parameters and its aliases.
 *
 * @example
 * ```ts
 * import { metricListing } from "../metrics/listing.ts";
 * import { metricsPageHtml } from "./reference_pages.ts";
 * const html = metricsPageHtml(metricListing());
 * console.log(html.includes("<td><code>ndcg</code></td>")); // true
 * ```
 *
 * @param listing The registry's listing (`GET /v1/metrics`).
 * @returns The HTML document.
 */
export function metricsPageHtml(listing: readonly MetricListing[]): string {
  const kinds = [...new Set(listing.map((m) => m.kind))];
  const sections = kinds.map((kind) => {
    const rows = listing.filter((m) => m.kind === kind).map((m) => {
      const params = Object.entries(m.params).map(([name, spec]) =>
        paramText(name, spec)
      );
      const cutoff = m.cutoff === "none"
        ? "no cutoff"
        : m.cutoff === "required"
        ? "<code>@k</code> required"
        : "<code>@k</code> optional";
      return `<tr id="metric-${escapeHtml(m.name)}"><td><code>${
        escapeHtml(m.name)
      }</code></td><td>${prose(m.description)}${
        params.length
          ? `<br><span class="muted">${params.join("<br>")}</span>`
          : ""
      }</td><td>${cutoff}${
        m.aggregate === "mean" ? "" : `<br>${escapeHtml(m.aggregate)}`
      }</td><td>${
        m.aliases.map((a) => `<code>${escapeHtml(a)}</code>`).join(", ")
      }</td></tr>`;
    }).join("\n");
    return `<section><h2>${escapeHtml(kind)} metrics</h2>
<div class="scroll"><table class="metrics"><thead><tr><th>name</th><th>what it measures</th><th>cutoff</th><th>also spelled</th></tr></thead>
<tbody>
${rows}
</tbody></table></div></section>`;
  });
  const first = listing.find((m) => m.kind === "ranking") ?? listing[0];
  return pageDocument(
    "Metrics",
    `<p>Every metric of the registry. A spec names one with its parameters and cutoff, e.g. <code>ndcg@10</code>, <code>P(rel=2)@5</code>, <code>rbp(p=0.8)</code>${
      first ? `, <code>${escapeHtml(example(first))}</code>` : ""
    }. The same list as JSON: <code>GET /v1/metrics</code>.</p>
${sections.join("\n")}`,
  );
}

/** The OpenAPI objects the API page reads. */
type Schema = {
  $ref?: string;
  $id?: string;
  title?: string;
  type?: string | string[];
  enum?: unknown[];
  oneOf?: Schema[];
  anyOf?: Schema[];
  items?: Schema;
  description?: string;
  default?: unknown;
  properties?: Record<string, Schema>;
  required?: string[];
};
type Operation = {
  summary?: string;
  description?: string;
  security?: unknown[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  responses?: Record<
    string,
    { description?: string; content?: Record<string, { schema?: Schema }> }
  >;
};
/** An OpenAPI 3.1 document, as far as the API page reads it. */
interface OpenApiLike {
  /** The title, version and description. */
  readonly info: { title: string; version: string; description?: string };
  /** Path to method to operation. */
  readonly paths: Record<string, Record<string, unknown>>;
  /** Named schemas. */
  readonly components?: { schemas?: Record<string, unknown> };
}

function typeOf(schema: Schema | undefined): string {
  if (!schema) return "";
  if (schema.$ref) return schema.$ref.split("/").pop()!;
  if (schema.enum) return schema.enum.map((v) => JSON.stringify(v)).join(" | ");
  const alternatives = schema.oneOf ?? schema.anyOf;
  if (alternatives) return alternatives.map(typeOf).join(" or ");
  if (schema.type === "array") return `list of ${typeOf(schema.items)}`;
  if (Array.isArray(schema.type)) return schema.type.join(" or ");
  return schema.type ?? "any";
}

function schemaTable(schema: Schema, schemas: Record<string, Schema>): string {
  const resolved = schema.$ref
    ? schemas[schema.$ref.split("/").pop()!] ?? schema
    : schema;
  if (!resolved.properties) {
    return `<p><code>${escapeHtml(typeOf(schema))}</code>${
      resolved.description ? ` ${prose(resolved.description)}` : ""
    }</p>`;
  }
  const required = new Set(resolved.required ?? []);
  const rows = Object.entries(resolved.properties).map(([name, field]) =>
    `<tr><td><code>${escapeHtml(name)}</code>${
      required.has(name) ? ' <span class="muted">required</span>' : ""
    }</td><td><code>${escapeHtml(typeOf(field))}</code></td><td>${
      prose(field.description ?? "")
    }${
      field.default === undefined
        ? ""
        : ` <span class="muted">Default: <code>${
          escapeHtml(JSON.stringify(field.default))
        }</code>.</span>`
    }</td></tr>`
  ).join("\n");
  return `<div class="scroll"><table class="fields"><thead><tr><th>field</th><th>type</th><th>meaning</th></tr></thead><tbody>
${rows}
</tbody></table></div>`;
}

/** An answer's media types, each with the report schema it is, if one. */
function answerBodies(
  content: Record<string, { schema?: Schema }> | undefined,
  schemas: Record<string, Schema>,
): string {
  return Object.entries(content ?? {}).map(([type, { schema }]) => {
    const named = schema?.$ref
      ? schemas[schema.$ref.split("/").pop()!]
      : schema;
    const file = named?.$id?.match(/report\/schemas\/[\w.]+$/)?.[0];
    return `<code>${escapeHtml(type)}</code>${
      file
        ? `: ${escapeHtml(named?.title ?? "")} (<code>${
          escapeHtml(file)
        }</code>)`
        : ""
    }`;
  }).join("<br>");
}

/**
 * The API description as an HTML page: each route with what it does,
 * whether it needs the token, its request fields and its answers.
 *
 * @example
 * ```ts
 * import { openApiDocument } from "./routes.ts";
 * import { apiPageHtml } from "./reference_pages.ts";
 * const html = apiPageHtml(openApiDocument({ token: false }));
 * console.log(html.includes('<h2 id="post-v1-evaluate">')); // true
 * ```
 *
 * @param document The OpenAPI 3.1 document (`GET /openapi.json`).
 * @returns The HTML document.
 */
export function apiPageHtml(document: object): string {
  const doc = document as unknown as OpenApiLike;
  const schemas = (doc.components?.schemas ?? {}) as Record<string, Schema>;
  const sections: string[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, value] of Object.entries(methods)) {
      const op = value as Operation;
      const id = `${method}-${path}`.replace(/[^a-z0-9]+/gi, "-")
        .replace(/-$/, "").toLowerCase();
      const body = op.requestBody?.content?.["application/json"]?.schema;
      const responses = Object.entries(op.responses ?? {}).map(([status, r]) =>
        `<tr><td><code>${escapeHtml(status)}</code></td><td>${
          prose(r.description ?? "")
        }</td><td>${answerBodies(r.content, schemas)}</td></tr>`
      ).join("\n");
      sections.push(
        `<section><h2 id="${id}"><span class="method">${method.toUpperCase()}</span> <code>${
          escapeHtml(path)
        }</code></h2>
<p>${prose(op.summary ?? "")}${
          op.description ? `. ${prose(op.description)}` : ""
        }</p>
<p class="muted">${
          op.security?.length
            ? "Needs <code>Authorization: Bearer TOKEN</code>."
            : "Open: no token needed."
        }</p>
${body ? `<h3>Request body (JSON)</h3>${schemaTable(body, schemas)}` : ""}
<h3>Answers</h3><div class="scroll"><table class="responses"><tbody>
${responses}
</tbody></table></div></section>`,
      );
    }
  }
  return pageDocument(
    "API",
    `<p>${prose(doc.info.description ?? "")} The same description as OpenAPI ${
      escapeHtml(doc.info.version)
    }: <a href="openapi.json"><code>GET /openapi.json</code></a>.</p>
${sections.join("\n")}`,
  );
}

async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest(
    "SHA-256",
    new TextEncoder().encode(text),
  );
  return btoa(String.fromCharCode(...new Uint8Array(digest)));
}

let policy: Promise<string> | undefined;

/**
 * The Content Security Policy of these pages: their inline style, nothing
 * else (no script, no request).
 *
 * @example
 * ```ts
 * import { referencePageContentSecurityPolicy } from "./reference_pages.ts";
 * console.log((await referencePageContentSecurityPolicy()).includes("script-src")); // false
 * ```
 *
 * @returns The header value.
 */
export function referencePageContentSecurityPolicy(): Promise<string> {
  policy ??= sha256(STYLE).then((style) =>
    [
      "default-src 'none'",
      `style-src 'sha256-${style}'`,
      "img-src data:",
      "base-uri 'none'",
      "form-action 'none'",
      "frame-ancestors 'none'",
    ].join("; ")
  );
  return policy;
}
