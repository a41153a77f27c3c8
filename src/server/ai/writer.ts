import type { StoredReport } from "#core/schemas/account";
import type { Provenance } from "#core/schemas/report";
import type { ProfileSnapshot } from "#core/schemas/snapshot";
import type { AppConfig } from "../config";
import { abortReason } from "../lib/abort";
import type { ReportWriter } from "../reports/report-service";
import { askWithRepair, newCallUsage } from "./ask";
import {
  AiCallError,
  type AiClient,
  type AiClientOptions,
  type AiLogger,
  type AiStats,
  createAiClient,
} from "./client";
import { estimateCostUsd } from "./pricing";
import { buildWriterMessages, creatorDataForPrompt } from "./prompt";
import {
  AI_TEXT_FIELDS,
  type AiTexts,
  aiTextsSchema,
  checkAiTexts,
  extractJson,
  wireJsonSchema,
} from "./schema";

/** The `ai` block a written report carries: whether the model wrote, which fields, what it cost. */
export type AiNote = {
  status: "used" | "failed" | "skipped";
  model: string;
  at: string;
  /** Why the model's texts are absent or partial, for the reader. */
  reason?: string;
  /** The fields the model wrote (provenance kind "ai"). */
  fields?: string[];
  promptTokens?: number;
  completionTokens?: number;
  estimatedCostUsd?: number | null;
  citations?: string[];
};

export interface AiWriterOptions extends AiClientOptions {
  /** Share a client (and so its bulkhead and stats) with the web-search reporter. */
  client?: AiClient;
  /** Whole budget of one write: waiting for a slot, the request, its retry and the repair. Default 2 × timeoutMs. */
  budgetMs?: number;
  /** The model of each write, chosen when it starts (the admin's setting); default the client's model. */
  chooseModel?: () => Promise<string>;
}

/** A written report always carries the writer's note. */
export type WrittenReport = StoredReport & { ai: AiNote };

export interface AiWriter extends ReportWriter {
  write(
    report: StoredReport,
    snapshot: ProfileSnapshot,
    opts: { signal?: AbortSignal },
  ): Promise<WrittenReport>;
  readonly model: string;
  stats(): AiStats;
}

function describeFailure(err: unknown): string {
  if (err instanceof AiCallError) return err.message;
  return "The model call failed unexpectedly";
}

/**
 * The AI writer: asks the model for the report's qualitative texts, validates them field by field,
 * and merges only those into a copy of the engine report (provenance "ai"). Numbers, the grade and
 * every field it was not asked for stay the engine's. On any failure it returns the engine report
 * with an `ai` note; it throws only when the caller's signal aborts.
 */
export function createAiWriter(options: AiWriterOptions): AiWriter {
  const client = options.client ?? createAiClient(options);
  const defaultModel = client.model;
  const now = options.now ?? (() => new Date());
  const logger: AiLogger | undefined = options.logger;
  const budgetMs = options.budgetMs ?? 2 * (options.timeoutMs ?? 30_000);
  const jsonSchema = { name: "creator_report_texts", schema: wireJsonSchema(aiTextsSchema) };

  async function write(
    report: StoredReport,
    snapshot: ProfileSnapshot,
    opts: { signal?: AbortSignal },
  ): Promise<WrittenReport> {
    const callerSignal = opts.signal;
    if (callerSignal?.aborted) throw abortReason(callerSignal);
    const model = options.chooseModel ? await options.chooseModel().catch(() => defaultModel) : defaultModel;
    const at = now().toISOString();
    const usage = newCallUsage();
    const note = (status: AiNote["status"], extra: Partial<AiNote> = {}): AiNote => {
      const n: AiNote = { status, model, at, ...extra };
      if (usage.answers > 0) {
        n.promptTokens = usage.promptTokens;
        n.completionTokens = usage.completionTokens;
        n.estimatedCostUsd = estimateCostUsd(model, usage.promptTokens, usage.completionTokens);
      }
      if (usage.citations.size > 0) n.citations = [...usage.citations];
      return n;
    };
    const unchanged = (n: AiNote): WrittenReport => ({ ...report, ai: n });

    if (snapshot.source === "sample") {
      return unchanged(note("skipped", { reason: "Sample data: the model only writes about real accounts" }));
    }
    if (snapshot.isPrivate === true || report.isPrivate) {
      return unchanged(note("skipped", { reason: "Private account: no posts for the model to write about" }));
    }

    const deadline = Date.now() + budgetMs;
    const budgetSignal = AbortSignal.timeout(budgetMs);
    const waitSignal = callerSignal ? AbortSignal.any([callerSignal, budgetSignal]) : budgetSignal;
    let release: () => void;
    try {
      release = await client.acquire(waitSignal);
    } catch (err) {
      if (callerSignal?.aborted) throw abortReason(callerSignal);
      const reason =
        err instanceof AiCallError
          ? err.message
          : `No model slot became free within ${Math.round(budgetMs / 1000)} s`;
      logger?.warn({ model, reason }, "AI writer skipped");
      return unchanged(note("skipped", { reason }));
    }

    const ctx = { grade: report.grade };
    const parse = (content: string) => {
      try {
        return checkAiTexts(extractJson(content), ctx);
      } catch {
        return { values: {}, errors: ["the reply is not valid JSON"] };
      }
    };

    let values: Partial<AiTexts> = {};
    let errors: string[] = [];
    let failure: unknown;
    try {
      const { first, repaired, repairError } = await askWithRepair(
        client,
        buildWriterMessages(report, snapshot),
        {
          signal: callerSignal,
          deadline,
          schema: jsonSchema,
          model,
          usage,
          check: parse,
          errorsOf: (r) => r.errors,
          keep: 6000,
        },
      );
      ({ values, errors } = first);
      if (repairError !== undefined) failure = repairError;
      if (repaired) {
        // The repair may fix some fields: keep the first answer's good ones and add those.
        values = { ...values, ...repaired.values };
        errors = repaired.errors.filter((e) => !(e.split(":")[0]!.split(".")[0]! in values));
      }
    } catch (err) {
      if (callerSignal?.aborted) throw abortReason(callerSignal);
      failure = err;
    } finally {
      release();
    }

    const written = AI_TEXT_FIELDS.filter((f) => values[f] !== undefined);
    if (written.length === 0 && failure instanceof AiCallError && failure.kind === "over_limit") {
      // The installation's calls-per-minute setting: nothing was sent, and the report says why.
      logger?.warn({ model, reason: failure.message }, "AI writer skipped");
      return unchanged(note("skipped", { reason: failure.message.slice(0, 500) }));
    }
    if (written.length === 0) {
      const reason =
        failure !== undefined
          ? describeFailure(failure)
          : `The model's reply was not usable after one repair (${errors.slice(0, 3).join("; ")})`;
      logger?.warn({ model, reason }, "AI writer failed; the engine's texts stand");
      return unchanged(note("failed", { reason: reason.slice(0, 500) }));
    }

    const provenance: Record<string, Provenance> = { ...report.provenance };
    const captions = creatorDataForPrompt(snapshot).recentCaptions.length;
    for (const field of written) {
      const inputs = provenance[field]?.inputs ?? [];
      provenance[field] = {
        kind: "ai",
        method: `Written by ${model} from the measured metrics and the account's public texts`,
        inputs: [...new Set([...inputs, "engine metrics", `name, bio and ${captions} recent captions`])],
        model,
        at,
      };
    }
    const partial = written.length < AI_TEXT_FIELDS.length;
    const reason = partial
      ? failure !== undefined
        ? `${describeFailure(failure)}; the engine's texts stand for the other fields`
        : `Some fields were not valid after one repair (${errors.slice(0, 3).join("; ")}); the engine's texts stand for them`
      : undefined;
    // Only the written fields change (`values` holds nothing else).
    return {
      ...structuredClone(report),
      ...values,
      provenance,
      ai: note("used", { fields: [...written], ...(reason ? { reason: reason.slice(0, 500) } : {}) }),
    };
  }

  return {
    model: defaultModel,
    write,
    stats: () => client.stats(),
  };
}

/** The writer the configuration asks for, or undefined when no model key is set (AI off). */
export function aiWriterFromConfig(
  config: Pick<AppConfig, "aiEnabled" | "llm">,
  deps: Pick<
    AiWriterOptions,
    "now" | "logger" | "timeoutMs" | "maxConcurrent" | "client" | "chooseModel" | "permit"
  > = {},
): AiWriter | undefined {
  if (!config.aiEnabled || !config.llm.apiKey) return undefined;
  return createAiWriter({
    baseUrl: config.llm.baseUrl,
    apiKey: config.llm.apiKey,
    model: config.llm.model,
    ...deps,
  });
}
