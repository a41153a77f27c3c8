/** What a read needs of a zod schema. */
export interface ResponseSchema<T> {
  parse(value: unknown): T;
}

/**
 * `body` parsed with the schema that `schema` resolves to, both awaited together: the schema's module
 * (and zod with it) loads while the request is under way, not with the page's first script, which
 * every page evaluates before it can respond (issue #38 item 5, decision 050). Whichever of the two
 * fails first is the read's error: a schema that cannot load fails the read as a network error would.
 */
export async function parseWhenLoaded<T>(
  body: Promise<unknown>,
  schema: Promise<ResponseSchema<T>>,
): Promise<T> {
  const [value, parser] = await Promise.all([body, schema]);
  return parser.parse(value);
}

/** The session and sign-in schemas (`#core/schemas/auth`), loaded once when a read first needs them. */
export const authSchemas = () => import("#core/schemas/auth");

/**
 * The growth and watchlist schemas (`#core/schemas/growth`), loaded with the first answer that needs
 * them, not with the report page: building them was ~10 ms at full speed in the task that evaluates
 * the page's chunks (decision 055). The report's growth chart and its watch button read with them.
 */
export const growthSchemas = () => import("#core/schemas/growth");

/**
 * The discovery schemas (`#core/schemas/discovery`), loaded with the first search: the discovery page
 * shows its form from plain constants (core/discovery/options.ts) without building them, nor zod.
 */
export const discoverySchemas = () => import("#core/schemas/discovery");
