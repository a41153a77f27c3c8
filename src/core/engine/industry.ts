import type { Industry } from "../taxonomy";
import { ADJACENT_INDUSTRIES, INDUSTRY_LIST, LEXICON } from "./lexicon";
import { round } from "./stats";
import type { ScanState } from "./text";

const byIndustryScore = (a: { industry: string; score: number }, b: { industry: string; score: number }) =>
  b.score - a.score || (a.industry < b.industry ? -1 : 1);

export const INDUSTRY_METHOD =
  "Keyword and hashtag classification over the 25-industry taxonomy: category ×5 (exact name 8), bio ×3, name ×2, caption hashtags ×2 and words ×1 (weak words half; at most 4 per caption); the top industry when it scores 2 or more, else General";

const CATEGORY_SPLIT = /[^\p{L}\p{N}]+/u;

/** The profile category: an exact taxonomy name scores 8; its keywords 5 each (weak 2.5). */
export function scoreCategory(category: string, state: ScanState): void {
  const lower = category.toLowerCase();
  const exact = INDUSTRY_LIST.findIndex((i) => i.toLowerCase() === lower);
  if (exact >= 0) {
    state.industry[exact]! += 8;
    return;
  }
  for (const w of lower.split(CATEGORY_SPLIT)) {
    const e = w ? LEXICON.get(w) : undefined;
    if (e && e.industry >= 0) state.industry[e.industry]! += 2.5 * e.halves;
  }
}

/** The industry: category and scan scores over the taxonomy, the top one, and the niches to recommend. */
export function classifyIndustry(state: ScanState, category: string, isPrivate: boolean) {
  if (category) scoreCategory(category, state);
  const industryScores: { industry: Industry; score: number }[] = [];
  for (let i = 0; i < INDUSTRY_LIST.length; i++) {
    const score = state.industry[i]!;
    if (score > 0) industryScores.push({ industry: INDUSTRY_LIST[i]!, score: round(score, 2) });
  }
  industryScores.sort(byIndustryScore);
  const top = industryScores[0];
  const industry: Industry = top && top.score >= 2 ? top.industry : "General";
  const recommendedIndustries: string[] = [];
  if (!isPrivate || industry !== "General") {
    for (const s of industryScores) {
      if (recommendedIndustries.length >= 3) break;
      if (s.score >= 2 && s.score >= (top?.score ?? 0) * 0.25) recommendedIndustries.push(s.industry);
    }
    for (const adj of ADJACENT_INDUSTRIES[industry] ?? []) {
      if (recommendedIndustries.length >= 5) break;
      if (!recommendedIndustries.includes(adj)) recommendedIndustries.push(adj);
    }
  }
  return { industryScores, top, industry, recommendedIndustries };
}
