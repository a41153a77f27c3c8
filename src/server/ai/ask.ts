import { AiCallError, type AiClient, type CompleteOptions } from "./client";
import { type ChatMessage, repairMessage } from "./prompt";

/** What a task's model calls cost and cited: tokens over every answer, and the sources named. */
export interface CallUsage {
  promptTokens: number;
  completionTokens: number;
  /** Answers received (0 when nothing came back: no cost to record). */
  answers: number;
  citations: Set<string>;
}

export function newCallUsage(): CallUsage {
  return { promptTokens: 0, completionTokens: 0, answers: 0, citations: new Set() };
}

export interface AskOptions<T> extends CompleteOptions {
  usage: CallUsage;
  /** Reads an answer: never throws (an unusable answer is a value with errors). */
  check: (content: string) => T;
  /** What is wrong with a checked answer; empty when it can be used as it is. */
  errorsOf: (checked: T) => string[];
  /** Characters of the first answer shown back to the model with the repair request. */
  keep: number;
}

/**
 * Hands a task's token counts to its `onUsage` (the caller counts them: Prometheus, logs), when any
 * answer came back — a call that failed before answering cost nothing to record.
 */
export function reportUsage(
  usage: CallUsage,
  model: string,
  onUsage: ((u: { model: string; promptTokens: number; completionTokens: number }) => void) | undefined,
): void {
  if (usage.answers > 0) {
    onUsage?.({ model, promptTokens: usage.promptTokens, completionTokens: usage.completionTokens });
  }
}

/**
 * One question to the model and, when the answer does not check, one repair: the model sees (the
 * start of) its answer and what was wrong with it. Every AI task — the writer, the web-search report,
 * the finder's criteria and the discovery candidates — asks this way. Returns both checked answers
 * (`repaired` is null when the first was usable) so each caller decides how to combine them; the
 * usage of every answer is added to `usage`. The first call rejects as `client.complete` does; a
 * failed repair call comes back as `repairError` (the first answer may still be partly usable),
 * unless the caller's signal aborted it.
 */
export async function askWithRepair<T>(
  client: AiClient,
  messages: ChatMessage[],
  { usage, check, errorsOf, keep, ...complete }: AskOptions<T>,
): Promise<{ first: T; repaired: T | null; repairError?: unknown }> {
  const ask = async (m: ChatMessage[]): Promise<string> => {
    const r = await client.complete(m, complete);
    usage.answers++;
    usage.promptTokens += r.promptTokens;
    usage.completionTokens += r.completionTokens;
    for (const url of r.citations) usage.citations.add(url);
    return r.content;
  };
  const content = await ask(messages);
  const first = check(content);
  const errors = errorsOf(first);
  if (errors.length === 0) return { first, repaired: null };
  try {
    const again = await ask([
      ...messages,
      { role: "assistant", content: content.slice(0, keep) },
      repairMessage(errors),
    ]);
    return { first, repaired: check(again) };
  } catch (err) {
    if (complete.signal?.aborted) throw err;
    return { first, repaired: null, repairError: err };
  }
}

/**
 * What a task that needs a whole answer (the finder's criteria, the discovery candidates) takes from
 * `askWithRepair`: `pick` of the repaired answer when there was a repair, else of the first. A failed
 * repair call rejects as it failed; an answer still unusable rejects as `invalid_output`, naming
 * `what` and the first three things wrong with it.
 */
export function usableAnswer<T extends { errors: string[] }, U>(
  { first, repaired, repairError }: { first: T; repaired: T | null; repairError?: unknown },
  pick: (answer: T) => U | undefined,
  what: string,
): U {
  if (repairError !== undefined) throw repairError;
  const answer = repaired ?? first;
  const usable = pick(answer);
  if (!usable) {
    throw new AiCallError(
      "invalid_output",
      `The model's ${what} were not usable after one repair (${answer.errors.slice(0, 3).join("; ")})`,
    );
  }
  return usable;
}
