import { z } from "zod";
import { COUNTRIES, INDUSTRIES } from "#core/taxonomy";
import { toPlainText } from "./sanitize";

/** The report fields the model may write; every other field (numbers, grade, lists of facts) is the engine's. */
export const AI_TEXT_FIELDS = [
  "gradeDescription",
  "contentQuality",
  "audienceDemographics",
  "advertiserAnalysis",
  "recommendedIndustries",
  "recommendedCountries",
  "targetDemographics",
] as const;
export type AiTextField = (typeof AI_TEXT_FIELDS)[number];

/** Bounds of what the model writes (characters / items). */
export const AI_LIMITS = {
  paragraph: 700,
  listItems: 5,
  country: 60,
  demographic: 80,
} as const;

const paragraph = (description: string) =>
  z
    .string()
    .trim()
    .min(20, { message: "must be at least 20 characters" })
    .max(AI_LIMITS.paragraph)
    .describe(description);

/** What the writer asks the model for (the JSON object of its reply). Unknown keys are ignored. */
export const aiTextsSchema = z.object({
  gradeDescription: paragraph(
    "1-3 sentences explaining the engine's grade from its sub-scores and the engagement benchmark; if the grade is null, why no grade is given",
  ),
  contentQuality: paragraph(
    "2-4 sentences on the content: formats, what performs best, consistency, captions and hashtags",
  ),
  audienceDemographics: paragraph(
    "2-3 sentences describing the likely audience (age, gender, locations); say that it is an estimate, not measured",
  ),
  advertiserAnalysis: paragraph(
    "2-4 sentences for advertisers: sponsored share, brands seen, how sponsored posts perform, suitability",
  ),
  recommendedIndustries: z
    .array(z.enum(INDUSTRIES))
    .min(1)
    .max(AI_LIMITS.listItems)
    .describe(
      "1-5 advertiser industries that fit this creator, best first, each exactly one name of the taxonomy",
    ),
  recommendedCountries: z
    .array(
      z
        .string()
        .trim()
        .min(2)
        .max(AI_LIMITS.country)
        .regex(/^[\p{L} .'’()-]+$/u, { message: "must be a country name" }),
    )
    .min(1)
    .max(AI_LIMITS.listItems)
    .describe("1-5 countries (English names) where this creator's audience most likely lives, best first"),
  targetDemographics: z
    .array(z.string().trim().min(2).max(AI_LIMITS.demographic))
    .min(1)
    .max(AI_LIMITS.listItems)
    .describe('1-5 short audience segments an advertiser could target, e.g. "Women 25–34"'),
});
export type AiTexts = z.infer<typeof aiTextsSchema>;

/**
 * The schema sent as `response_format.json_schema.schema`: the same shape without the string length
 * keywords that OpenAI's strict mode refuses (lengths are checked again here with zod anyway), and
 * with `additionalProperties: false` on every object, which strict mode requires.
 */
export function wireJsonSchema(schema: z.ZodType): Record<string, unknown> {
  const strip = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(strip);
    if (!node || typeof node !== "object") return node;
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(node)) {
      if (key === "$schema" || key === "minLength" || key === "maxLength" || key === "pattern") continue;
      out[key] = strip(value);
    }
    if (out.type === "object" && out.additionalProperties === undefined) out.additionalProperties = false;
    return out;
  };
  return strip(z.toJSONSchema(schema, { io: "input" })) as Record<string, unknown>;
}

const COUNTRY_ALIASES: Record<string, string> = {
  usa: "United States",
  us: "United States",
  "u.s.": "United States",
  "u.s.a.": "United States",
  "united states of america": "United States",
  america: "United States",
  uk: "United Kingdom",
  "u.k.": "United Kingdom",
  "great britain": "United Kingdom",
  britain: "United Kingdom",
  england: "United Kingdom",
  uae: "United Arab Emirates",
  korea: "South Korea",
};
const COUNTRY_BY_LOWER = new Map<string, string>(COUNTRIES.map((c) => [c.toLowerCase(), c]));
const INDUSTRY_BY_LOWER = new Map<string, string>(INDUSTRIES.map((i) => [i.toLowerCase(), i]));

function canonical(
  value: unknown,
  table: Map<string, string>,
  aliases: Record<string, string> = {},
): unknown {
  if (typeof value !== "string") return value;
  const key = value.trim().toLowerCase();
  return aliases[key] ?? table.get(key) ?? table.get(key.replace(/\s+and\s+/, " & ")) ?? value.trim();
}

function dedupe(list: unknown[]): unknown[] {
  const seen = new Set<string>();
  return list.filter((item) => {
    if (typeof item !== "string") return true;
    const key = item.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * Cleans one raw field before validation: strings become plain text (Markdown, HTML and links removed),
 * list items are canonicalised against the taxonomy and de-duplicated.
 */
function normaliseField(field: AiTextField, value: unknown): unknown {
  if (
    field === "recommendedIndustries" ||
    field === "recommendedCountries" ||
    field === "targetDemographics"
  ) {
    if (!Array.isArray(value)) return value;
    const items = value.map((item) => {
      const text = typeof item === "string" ? toPlainText(item, 200) : item;
      if (field === "recommendedIndustries") return canonical(text, INDUSTRY_BY_LOWER);
      if (field === "recommendedCountries") return canonical(text, COUNTRY_BY_LOWER, COUNTRY_ALIASES);
      return text;
    });
    return dedupe(items.filter((item) => item !== ""));
  }
  // Over-long paragraphs are a schema violation (the repair asks for shorter); plain-texting only shortens.
  return typeof value === "string" ? toPlainText(value, AI_LIMITS.paragraph + 200) : value;
}

// "grade A", "rated a B-", "score: C" (keywords in either case, grade letters upper case), or a bare "A+"/"b-".
const GRADE_CLAIM =
  /\b(?:[Gg]rade[ds]?|[Gg]raded|[Rr]ated|[Rr]ating|[Ss]core[ds]?)\s*(?:of|is|was|:|as)?\s*(?:an?\s+)?["'“]?([A-DF][+-]?)(?![\w+-])|(?<![\w+-])([A-Da-d][+-])(?![\w+-])/g;

/** Grades a text names ("grade A+", "an A-"): must all be the engine's grade. */
export function gradesClaimed(text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(GRADE_CLAIM)) found.push((m[1] ?? m[2] ?? "").toUpperCase());
  return found.filter(Boolean);
}

export interface FieldCheck {
  /** The fields that passed, cleaned. */
  values: Partial<AiTexts>;
  /** One line per problem, naming the field, suitable to send back to the model. */
  errors: string[];
}

/**
 * Validates a parsed reply field by field, so one bad field does not discard the good ones.
 * A text that names a grade other than the engine's is refused (a prompt-injected bio must not
 * be able to print "A+" beside a B).
 */
export function checkAiTexts(raw: unknown, ctx: { grade: string | null }): FieldCheck {
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) {
    return { values: {}, errors: ["the reply must be one JSON object with the keys listed"] };
  }
  const record = raw as Record<string, unknown>;
  const values: Record<string, unknown> = {};
  const errors: string[] = [];
  for (const field of AI_TEXT_FIELDS) {
    if (!(field in record)) {
      errors.push(`${field}: missing`);
      continue;
    }
    const result = aiTextsSchema.shape[field].safeParse(normaliseField(field, record[field]));
    if (!result.success) {
      const issue = result.error.issues[0]!;
      const where = issue.path.length ? `${field}.${issue.path.join(".")}` : field;
      const allowed = field === "recommendedIndustries" ? ` (allowed: ${INDUSTRIES.join(", ")})` : "";
      errors.push(`${where}: ${issue.message}${allowed}`);
      continue;
    }
    const texts = Array.isArray(result.data) ? result.data : [result.data];
    const wrongGrade = texts
      .flatMap((t) => gradesClaimed(String(t)))
      .find((g) => ctx.grade === null || g !== ctx.grade.toUpperCase());
    if (wrongGrade) {
      errors.push(
        `${field}: names grade ${wrongGrade}, but the grade is ${ctx.grade ?? "not given"}; do not name another grade`,
      );
      continue;
    }
    values[field] = result.data;
  }
  return { values: values as Partial<AiTexts>, errors };
}

/**
 * The JSON object in a model reply: the whole content, a ```json fenced block, or the outermost
 * {...}; reasoning models' <think> blocks are skipped. Throws SyntaxError when there is none.
 */
export function extractJson(content: string): unknown {
  const text = content.replace(/<think>[\s\S]*?<\/think>/gi, "").trim();
  const candidates: string[] = [text];
  const fenced = /```(?:json)?\s*\n?([\s\S]*?)```/i.exec(text);
  if (fenced) candidates.push(fenced[1]!.trim());
  const first = text.indexOf("{");
  const last = text.lastIndexOf("}");
  if (first >= 0 && last > first) candidates.push(text.slice(first, last + 1));
  let error: unknown = new SyntaxError("the reply contains no JSON object");
  for (const candidate of candidates) {
    try {
      return JSON.parse(candidate);
    } catch (err) {
      error = err;
    }
  }
  throw error instanceof SyntaxError ? error : new SyntaxError(String(error));
}
