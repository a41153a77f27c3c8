/** Expansion jobs in tests: start one over the API and poll it until it is done or failed. */
import { expect } from "vitest";
import type { ExpandJob } from "#core/schemas/expand";
import type { TestAppHandle } from "../../../testing/test-app";

export async function waitForJob(h: TestAppHandle, cookie: string, jobId: string): Promise<ExpandJob> {
  const seen: string[] = [];
  for (let i = 0; i < 400; i++) {
    const res = await h.app.inject({
      method: "GET",
      url: `/api/discovery/expand/${jobId}`,
      headers: { cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    const job = res.json() as ExpandJob;
    seen.push(job.state);
    if (job.state === "done" || job.state === "failed") return job;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`the expansion did not finish (states: ${[...new Set(seen)].join(", ")})`);
}

/** POST /api/discovery/expand as the signed-in `cookie`. */
export function expand(h: TestAppHandle, cookie: string, payload: object) {
  return h.app.inject({ method: "POST", url: "/api/discovery/expand", headers: { cookie }, payload });
}
