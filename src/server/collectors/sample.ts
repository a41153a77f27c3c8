import { stripAt } from "#core/handles";
import { PLATFORMS, type Platform } from "#core/schemas/platform";
import type { ProfileSnapshot } from "#core/schemas/snapshot";
import type { Collector, SampleStore } from "./types";

/** Serves the seeded sample creators (source "sample"); null for any other handle. */
export function createSampleCollector(store: SampleStore | undefined): Collector {
  return {
    id: "sample",
    kind: "sample",
    platforms: [...PLATFORMS],
    async fetchSnapshot(platform, handle) {
      if (!store) return null;
      return store.getSampleSnapshot(platform, stripAt(handle));
    },
  };
}

/** An in-memory SampleStore over given snapshots (CLI, tests); handles match case-insensitively. */
export function sampleStoreFromSnapshots(snapshots: Iterable<ProfileSnapshot>): SampleStore {
  const byKey = new Map<string, ProfileSnapshot>();
  for (const s of snapshots) byKey.set(`${s.platform}:${s.username.toLowerCase()}`, s);
  return {
    async getSampleSnapshot(platform: Platform, handle: string) {
      return byKey.get(`${platform}:${handle.toLowerCase()}`) ?? null;
    },
  };
}
