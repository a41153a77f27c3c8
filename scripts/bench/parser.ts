import { parseProfileInput } from "../../src/core/parser";
import type { Platform } from "../../src/core/schemas/platform";
import { type BenchOptions, type Figure, opsPerSecond } from "./types";

const INPUTS: [string, Platform][] = [
  ["https://www.instagram.com/natgeo/?hl=en", "instagram"],
  ["@cristiano", "instagram"],
  ["Cristiano Ronaldo", "instagram"],
  ["john.doe_1987", "tiktok"],
  ["https://www.tiktok.com/@khaby.lame/video/7123456", "tiktok"],
  ["Yoga With Ana", "tiktok"],
  ["https://www.youtube.com/@MrBeast", "youtube"],
  ["https://www.youtube.com/watch?v=dQw4w9WgXcQ", "youtube"],
  ["youtube.com/channel/UCX6OQ3DkcsbYNE6H8uQQuVA", "youtube"],
  ["The Amazing Travelling Cooking Family Channel", "tiktok"],
  ["evil.com/instagram.com/x", "instagram"],
  ["MKBHD", "youtube"],
];

/** parser.inputs_per_s beside a baseline pass (trim + lower-case) over the same inputs. */
export async function benchParser(opts: BenchOptions): Promise<Figure[]> {
  const ms = opts.quick ? 1000 : 3000;
  const n = INPUTS.length;
  opsPerSecond((i) => parseProfileInput(INPUTS[i % n]![0], INPUTS[i % n]![1]).isValid, 200);
  const value = opsPerSecond((i) => parseProfileInput(INPUTS[i % n]![0], INPUTS[i % n]![1]).isValid, ms);
  const baseline = opsPerSecond((i) => INPUTS[i % n]![0].trim().toLowerCase().length > 0, ms);
  return [
    {
      name: "parser.inputs_per_s",
      value,
      unit: "inputs/s",
      baseline,
      ratio: value / baseline,
      target: 200_000,
    },
  ];
}
