import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createNotFoundCache } from "./not-found-cache";
import { createSingleFlight } from "./single-flight";

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe("createSingleFlight", () => {
  it("shares one call among concurrent callers and clears the key when it settles", async () => {
    const sf = createSingleFlight();
    const d = deferred<number>();
    let calls = 0;
    const fn = () => {
      calls++;
      return d.promise;
    };
    const all = Promise.all(Array.from({ length: 10 }, () => sf.run("k", fn)));
    expect(sf.size).toBe(1);
    d.resolve(42);
    expect(await all).toEqual(Array(10).fill(42));
    expect(calls).toBe(1);
    expect(sf.size).toBe(0);
    await sf.run("k", async () => 7);
    expect(sf.size).toBe(0);
  });

  it("shares a failure with the callers in flight but not with later ones", async () => {
    const sf = createSingleFlight();
    const d = deferred<number>();
    const a = sf.run("k", () => d.promise);
    const b = sf.run("k", () => d.promise);
    d.reject(new Error("boom"));
    await expect(a).rejects.toThrow("boom");
    await expect(b).rejects.toThrow("boom");
    await expect(sf.run("k", async () => 1)).resolves.toBe(1);
  });

  it("keeps different keys apart", async () => {
    const sf = createSingleFlight();
    let calls = 0;
    await Promise.all([
      sf.run("a", async () => ++calls),
      sf.run("b", async () => ++calls),
      sf.run("a", async () => ++calls),
    ]);
    expect(calls).toBe(2);
  });

  it("aborts the shared work only when every caller with a signal has left", async () => {
    const sf = createSingleFlight();
    let seen: AbortSignal | undefined;
    const work = (signal: AbortSignal) => {
      seen = signal;
      return new Promise<number>((resolve, reject) => {
        signal.addEventListener("abort", () => reject(signal.reason));
        setTimeout(() => resolve(1), 50);
      });
    };
    const c1 = new AbortController();
    const c2 = new AbortController();
    const p1 = sf.run("k", work, { signal: c1.signal }).catch((e) => e);
    const p2 = sf.run("k", work, { signal: c2.signal }).catch((e) => e);
    c1.abort();
    expect((await p1).name).toBe("AbortError");
    expect(seen?.aborted).toBe(false);
    c2.abort();
    expect((await p2).name).toBe("AbortError");
    expect(seen?.aborted).toBe(true);
    // A new caller starts a fresh flight instead of joining the cancelled one.
    await expect(sf.run("k", async () => 2)).resolves.toBe(2);
  });

  it("calls fn once per burst of overlapping callers, whatever the interleaving (fast-check scheduler)", async () => {
    await fc.assert(
      fc.asyncProperty(fc.scheduler(), fc.integer({ min: 1, max: 8 }), async (s, callers) => {
        const sf = createSingleFlight();
        let calls = 0;
        let expectedStarts = 0; // model: a call starts only when no flight is in progress
        const results = Array.from({ length: callers }, (_, i) =>
          s.schedule(Promise.resolve(i)).then(() => {
            if (sf.size === 0) expectedStarts++;
            return sf.run("k", () => {
              calls++;
              return s.schedule(Promise.resolve(`v${calls}`));
            });
          }),
        );
        await s.waitAll();
        const values = await Promise.all(results);
        expect(calls).toBe(expectedStarts);
        expect(new Set(values).size).toBe(calls);
        expect(sf.size).toBe(0);
      }),
      { numRuns: 100 },
    );
  });
});

describe("createNotFoundCache", () => {
  it("remembers a key until the TTL passes", async () => {
    let now = 1_000;
    const cache = createNotFoundCache({ ttlMs: 100, now: () => now });
    expect(await cache.has("k")).toBe(false);
    await cache.add("k");
    now += 99;
    expect(await cache.has("k")).toBe(true);
    now += 2;
    expect(await cache.has("k")).toBe(false);
    expect(cache.size).toBe(0);
  });

  it("defaults to one day and drops the oldest entries beyond the cap", async () => {
    let now = 0;
    const cache = createNotFoundCache({ now: () => now, maxEntries: 2 });
    await cache.add("a");
    await cache.add("b");
    await cache.add("c");
    expect(await cache.has("a")).toBe(false);
    expect(await cache.has("c")).toBe(true);
    now = 86_399_999;
    expect(await cache.has("c")).toBe(true);
    now = 86_400_000;
    expect(await cache.has("c")).toBe(false);
    await cache.add("b");
    await cache.delete("b");
    expect(await cache.has("b")).toBe(false);
  });
});
