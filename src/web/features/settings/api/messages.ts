/** Spec §8: the fallback description of an error toast. */
export { UNKNOWN_ERROR } from "#core/schemas/errors";
