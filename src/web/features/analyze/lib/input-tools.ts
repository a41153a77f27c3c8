// The input parser and the submit-time normalisation, loaded on demand (see load-input-tools.ts).
export { parseProfileInput } from "#core/parser/index";
export { prepareSubmission } from "./prepare-submission";
