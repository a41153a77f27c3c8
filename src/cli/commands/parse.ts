import { parseProfileInput } from "../../core/parser";
import { isPlatform, PLATFORMS } from "../../core/schemas/platform";
import { type CliIo, CliUsageError, parseArgs } from "../io";

/** `parse <input> [--platform p]`: prints the parsed input as JSON. */
export async function parseCommand(argv: string[], io: CliIo): Promise<number> {
  const { positionals, flags } = parseArgs(argv);
  const input = positionals.join(" ");
  if (!input) throw new CliUsageError('Usage: parse "<input>" [--platform instagram|tiktok|youtube]');
  const platform = flags.platform ?? "instagram";
  if (!isPlatform(platform)) {
    throw new CliUsageError(
      `Unknown platform "${platform === true ? "" : platform}": use ${PLATFORMS.join(", ")}`,
    );
  }
  io.out(JSON.stringify(parseProfileInput(input, platform), null, 2));
  return 0;
}
