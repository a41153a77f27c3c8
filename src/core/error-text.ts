/**
 * Spec §8: what a screen says when an error carries no message of its own (the one copy). Apart from
 * the error schemas (`schemas/errors.ts`), so that the web app's first script can name it without zod.
 */
export const UNKNOWN_ERROR = "An unknown error occurred";
