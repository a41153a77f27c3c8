import { MutationObserver, QueryObserver } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { createQueryClient, LOGOUT_PATH, ME_PATH, SIGNED_IN_ONLY } from "./query-client";

/**
 * A sign-out removes the signed-in-only queries and sets the session to null. A view still mounted
 * for one more render calls `setOptions` again (as React Query's hooks do on every render): this
 * must not fetch a signed-in-only query anew, or the browser logs the 401 it earns.
 */
async function fetchesAfterRemoval(session: object | null, meta?: Record<string, unknown>) {
  const client = createQueryClient();
  client.setQueryData([ME_PATH], { email: "ada@example.com" });
  let calls = 0;
  const options = {
    queryKey: ["/api/keys"],
    queryFn: async () => {
      calls += 1;
      return [];
    },
    enabled: true,
    meta,
  };
  const observer = new QueryObserver(client, options);
  const unsubscribe = observer.subscribe(() => {});
  await client.getQueryCache().find({ queryKey: ["/api/keys"] })?.promise;
  expect(calls).toBe(1);

  client.removeQueries({ queryKey: ["/api/keys"] });
  client.setQueryData([ME_PATH], session);
  observer.setOptions(options); // the render before the view unmounts
  await new Promise((r) => setTimeout(r, 10));
  unsubscribe();
  return calls - 1;
}

describe("signed-in-only queries after a sign-out", () => {
  it("are not fetched again once the session is null, even with enabled: true", async () => {
    expect(await fetchesAfterRemoval(null, SIGNED_IN_ONLY)).toBe(0);
  });

  it("are fetched again while the user is still signed in, and so are ordinary queries", async () => {
    expect(await fetchesAfterRemoval({ email: "ada@example.com" }, SIGNED_IN_ONLY)).toBe(1);
    expect(await fetchesAfterRemoval(null)).toBe(1);
  });
});

describe("signed-in-only queries during a sign-out", () => {
  it("a view mounted while the logout request is in flight does not fetch, until a failed logout settles", async () => {
    const client = createQueryClient();
    client.setQueryData([ME_PATH], { email: "ada@example.com" });
    let failLogout: (e: Error) => void = () => {};
    const logout = new MutationObserver(client, {
      mutationKey: [LOGOUT_PATH],
      mutationFn: () => new Promise<void>((_, reject) => (failLogout = reject)),
    });
    const settled = logout.mutate().catch(() => undefined);
    let calls = 0;
    const options = {
      queryKey: ["/api/workspaces"],
      queryFn: async () => ++calls,
      meta: SIGNED_IN_ONLY,
    };
    const observer = new QueryObserver(client, options);
    const unsubscribe = observer.subscribe(() => {});
    await new Promise((r) => setTimeout(r, 10));
    expect(calls).toBe(0);

    failLogout(new Error("Database unavailable"));
    await settled;
    await client.refetchQueries({ queryKey: ["/api/workspaces"], type: "active" });
    expect(calls).toBe(1);
    unsubscribe();
  });
});
