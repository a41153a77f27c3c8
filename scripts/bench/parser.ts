import { parseProfileInput } from "../../src/core/parser";
import type { Platform } from "../../src/core/schemas/platform";
import { type BenchOptions, type Figure, opsPerSecond } from "./types";

/**
 * A realistic mix of what people type into the analyser: profile URLs (with tracking
 * parameters), @mentions, plain handles, display names (known and unknown), non-profile links
 * and junk — roughly in the proportions the form sees.
 */
const INPUTS: readonly (readonly [string, Platform])[] = [
  ["https://www.instagram.com/natgeo/?hl=en", "instagram"],
  ["https://instagram.com/kimberly.loaiza?igsh=MWQ1ZGUxMzBkMA==", "instagram"],
  ["instagram.com/cristiano", "instagram"],
  ["https://www.tiktok.com/@khaby.lame/video/7123456789012345678?lang=en", "tiktok"],
  ["tiktok.com/@charlidamelio", "tiktok"],
  ["https://www.youtube.com/@MrBeast", "youtube"],
  ["https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42s", "youtube"],
  ["youtube.com/channel/UCX6OQ3DkcsbYNE6H8uQQuVA", "youtube"],
  ["https://youtu.be/dQw4w9WgXcQ?si=abc", "youtube"],
  ["https://www.instagram.com/p/Cxyz123abc/", "instagram"],
  ["https://vm.tiktok.com/ZMabc123/", "tiktok"],
  ["@cristiano", "instagram"],
  ["@khaby.lame", "tiktok"],
  ["@MKBHD", "youtube"],
  ["natgeo", "instagram"],
  ["john.doe_1987", "tiktok"],
  ["mkbhd", "youtube"],
  ["some-channel", "youtube"],
  ["Cristiano Ronaldo", "instagram"],
  ["MrBeast", "youtube"],
  ["Khaby Lame", "tiktok"],
  ["Yoga With Ana", "instagram"],
  ["Jane Doe Travels", "tiktok"],
  ["The Amazing Travelling Cooking Family Channel", "tiktok"],
  ["evil.com/instagram.com/x", "instagram"],
  ["🔥 best creator 🔥", "instagram"],
  ["", "instagram"],
];

/** parser.inputs_per_s beside a baseline pass (trim + lower-case) over the same inputs in the same run. */
export async function benchParser(opts: BenchOptions): Promise<Figure[]> {
  const ms = opts.quick ? 1000 : 3000;
  const n = INPUTS.length;
  const parse = (i: number) => {
    const [input, platform] = INPUTS[i % n]!;
    return parseProfileInput(input, platform).isValid;
  };
  const trivial = (i: number) => INPUTS[i % n]![0].trim().toLowerCase().length > 0;
  opsPerSecond(parse, 200);
  opsPerSecond(trivial, 100);
  const value = opsPerSecond(parse, ms);
  const baseline = opsPerSecond(trivial, ms);
  return [
    {
      name: "parser.inputs_per_s",
      value,
      unit: "inputs/s",
      baseline,
      ratio: value / baseline,
      target: 200_000,
      note: `${n} mixed inputs: URLs, mentions, handles, display names, non-profile links`,
    },
  ];
}
