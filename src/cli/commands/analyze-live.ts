import { isPlatform, PLATFORMS } from "#core/schemas/platform";
import { loadConfig } from "../../server/config";
import { openDatabase } from "../../server/db/database";
import { toErrorResponse } from "../../server/http/error-handler";
import { createServices } from "../../server/services";
import { type CliIo, CliUsageError, parseArgs } from "../io";

/**
 * `analyze <platform> <handle> [--json]`: makes a fresh report through the same collectors, engine
 * and store as the API (an operator tool: no quota, no cache) and prints it.
 */
export async function analyzeLiveCommand(
  argv: string[],
  io: CliIo,
  env: Record<string, string | undefined> = process.env,
): Promise<number> {
  const { positionals, flags } = parseArgs(argv, ["json"]);
  const [platform, handle] = positionals;
  if (!platform || !handle)
    throw new CliUsageError(
      "Usage: analyze <platform> <handle> [--json]   or   analyze --snapshot <file.json>",
    );
  if (!isPlatform(platform))
    throw new CliUsageError(`Unknown platform "${platform}": use ${PLATFORMS.join(", ")}`);
  const config = loadConfig(env);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const services = createServices(config, database, { now: () => new Date() });
    const account = await services.reports.refresh(platform, handle).catch((err) => {
      const mapped = toErrorResponse(err);
      throw new CliUsageError(mapped.body.message);
    });
    if (flags.json) {
      io.out(JSON.stringify(account, null, 2));
      return 0;
    }
    const a = account as Record<string, unknown>;
    const lines = [
      `@${a.username} on ${platform}${a.isSample ? " — SAMPLE DATA (generated, not a real account)" : ""}`,
      `Name: ${a.name}   Followers: ${a.followers}   Industry: ${a.industry}`,
      `Grade: ${a.grade ?? "none"} — ${a.gradeDescription}`,
      `Engagement: ${a.engagementRate ? `${a.engagementRate}%` : "unknown"} (${a.engagementLevel})`,
      `Posting: ${a.postFrequency}   Content: ${(a.contentTypes as string[]).join(", ")}`,
      `Value per post: ${a.estimatedPostValue}`,
      `Earnings: ${a.estimatedEarnings}`,
      `Advertisers: ${a.advertiserAnalysis}`,
      `Audience: ${a.audienceDemographics}`,
      `Recommended industries: ${(a.recommendedIndustries as string[]).join(", ")}`,
      `Recommended countries: ${(a.recommendedCountries as string[]).join(", ")}`,
      `Last updated: ${a.lastUpdated}`,
    ];
    io.out(lines.join("\n"));
    return 0;
  } finally {
    await database.close();
  }
}
