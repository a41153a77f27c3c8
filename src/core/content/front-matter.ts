import { type BlogPost, blogPostMetaSchema } from "../schemas/blog";

export interface ParsedMarkdown {
  data: Record<string, string | string[]>;
  body: string;
}

function unquote(value: string): string {
  const v = value.trim();
  if (v.length >= 2 && ((v.startsWith('"') && v.endsWith('"')) || (v.startsWith("'") && v.endsWith("'")))) {
    return v.slice(1, -1).replace(/\\"/g, '"');
  }
  return v;
}

/**
 * Splits `---`-delimited front matter from a Markdown file. Supports the small YAML subset our
 * content uses: `key: value`, quoted values, `[a, b]` lists and `- item` lists.
 */
export function parseFrontMatter(source: string): ParsedMarkdown {
  const text = source.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");
  const match = /^---\n([\s\S]*?)\n---\n?/.exec(text);
  if (!match) return { data: {}, body: text };
  const data: Record<string, string | string[]> = {};
  let listKey: string | null = null;
  for (const line of (match[1] ?? "").split("\n")) {
    if (!line.trim() || line.trim().startsWith("#")) continue;
    const item = /^\s+-\s+(.*)$/.exec(line) ?? /^-\s+(.*)$/.exec(line);
    if (item && listKey) {
      const list = data[listKey];
      if (Array.isArray(list)) list.push(unquote(item[1] ?? ""));
      continue;
    }
    const pair = /^([A-Za-z_][\w-]*):\s*(.*)$/.exec(line);
    if (!pair) throw new Error(`Unreadable front-matter line: ${line}`);
    const key = pair[1]!;
    const raw = (pair[2] ?? "").trim();
    if (raw === "") {
      data[key] = [];
      listKey = key;
    } else if (raw.startsWith("[") && raw.endsWith("]")) {
      data[key] = raw
        .slice(1, -1)
        .split(",")
        .map(unquote)
        .filter((v) => v.length > 0);
      listKey = null;
    } else {
      data[key] = unquote(raw);
      listKey = null;
    }
  }
  return { data, body: text.slice(match[0].length) };
}

/** Parses and validates one article file. */
export function parseBlogPost(source: string, fileName = "article"): BlogPost {
  const { data, body } = parseFrontMatter(source);
  const result = blogPostMetaSchema.safeParse(data);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new Error(
      `${fileName}: ${issue?.path.join(".") || "front matter"}: ${issue?.message ?? "invalid"}`,
    );
  }
  return { ...result.data, body };
}
