export { parsedInputSchema } from "../schemas/input";
export { findKnownCreator, KNOWN_CREATORS, type KnownCreator, squashName } from "./known-creators";
export {
  type Confidence,
  INPUT_TOO_LONG,
  type InputType,
  type LinkKind,
  MAX_INPUT_LENGTH,
  NOT_A_HANDLE,
  NOT_A_PROFILE_LINK,
  normalizeForSubmit,
  type ParsedInput,
  parseProfileInput,
  suggestionsFor,
} from "./parse-profile-input";
export {
  FORM_MAX_LENGTH,
  HANDLE_MAX_LENGTH,
  type HandleCheck,
  invalidCharactersMessage,
  isChannelId,
  isVideoId,
  MAX_SUGGESTIONS,
  PLATFORM_REQUIRED,
  USERNAME_FORM_TOO_LONG,
  USERNAME_REQUIRED,
  usernameTooLongMessage,
  validateHandle,
} from "./rules";
