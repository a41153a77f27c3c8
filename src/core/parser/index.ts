export { findKnownCreator, KNOWN_CREATORS, squashName } from "./known-creators";
export {
  type Confidence,
  type InputType,
  type LinkKind,
  normalizeForSubmit,
  type ParsedInput,
  parseProfileInput,
  suggestionsFor,
} from "./parse-profile-input";
export {
  FORM_MAX_LENGTH,
  HANDLE_MAX_LENGTH,
  type HandleCheck,
  MAX_SUGGESTIONS,
  PLATFORM_REQUIRED,
  USERNAME_REQUIRED,
  usernameTooLongMessage,
  validateHandle,
} from "./rules";
