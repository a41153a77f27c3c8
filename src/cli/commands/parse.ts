import { parseProfileInput } from "#core/parser/index";
import { isPlatform, type Platform } from "#core/schemas/platform";
import { type CliIo, CliUsageError, parseArgs } from "../io";

const USAGE = 'Usage: parse "<handle, URL or name>" [--platform instagram|tiktok|youtube]';
const PLATFORM_CHOICES = "use instagram, tiktok or youtube";

/**
 * `parse <input> [--platform p]`: prints what the input parser makes of a handle, @mention,
 * profile URL or display name, as pretty JSON (platform defaults to instagram). Words are joined,
 * so `parse Cristiano Ronaldo` works without quotes.
 */
export async function parseCommand(argv: string[], io: CliIo): Promise<number> {
  const { positionals, flags } = parseArgs(argv);
  for (const key of Object.keys(flags)) {
    if (key !== "platform") throw new CliUsageError(`Unknown option "--${key}".\n${USAGE}`);
  }
  const input = positionals.join(" ");
  if (input.trim() === "") throw new CliUsageError(`Missing input.\n${USAGE}`);
  const flag = flags.platform ?? "instagram";
  if (flag === true) throw new CliUsageError(`Missing value for --platform: ${PLATFORM_CHOICES}`);
  const platform = flag.toLowerCase();
  if (!isPlatform(platform)) throw new CliUsageError(`Unknown platform "${flag}": ${PLATFORM_CHOICES}`);
  io.out(JSON.stringify(parseProfileInput(input, platform satisfies Platform), null, 2));
  return 0;
}
