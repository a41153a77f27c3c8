/** Spec §8: the fallback description of an error toast. */
export const UNKNOWN_ERROR = "An unknown error occurred";
