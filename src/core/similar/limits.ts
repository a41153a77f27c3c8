/**
 * How many similar creators an answer may hold, and how many creators a lookalike search may start
 * from (issue #36). Apart from the schemas, so the web app can show them without building the schemas.
 */
export const SIMILAR_MAX_LIMIT = 50;
export const SIMILAR_DEFAULT_LIMIT = 10;
export const LOOKALIKE_MAX_SEEDS = 10;
