import type { StageEvent } from "#core/schemas/analysis-stream";

interface StageInfo {
  label: string;
  percent: number;
}

/** What the progress bar says for each stage of GET /api/analyze/stream. */
export function describeStage(event: StageEvent | null): StageInfo {
  switch (event?.stage) {
    case undefined:
      return { label: "Starting analysis", percent: 5 };
    case "parsing":
      return { label: "Checking the input", percent: 10 };
    case "fetching":
      return { label: "Fetching profile", percent: 30 };
    case "analyzing":
      return { label: event.detail ? `Analysing ${event.detail}` : "Analysing posts", percent: 60 };
    case "writing":
      return { label: "Writing report", percent: 80 };
    case "saving":
      return { label: "Saving", percent: 95 };
  }
}
