// The input parser and the submit-time normalisation, loaded on demand (see load-input-tools.ts).
export { parseProfileInput } from "#core/parser/index";
// The form's zod schema (spec §5 messages) comes here too, not with the page's first script (decision 050).
export { searchFormSchema } from "#core/schemas/input";
export { prepareSubmission } from "./prepare-submission";
