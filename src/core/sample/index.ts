export {
  createSampleCatalog,
  generateSampleSnapshots,
  isValidSampleHandle,
  SAMPLE_FOLLOWERS_MAX,
  SAMPLE_FOLLOWERS_MIN,
  SAMPLE_SOURCE,
  type SampleCatalog,
  type SampleHandle,
  type SampleOptions,
  type SampleTier,
  sampleHandleFor,
  TIERS,
  tierOf,
} from "./generate";
export { INDUSTRY_BANKS } from "./industries";
export { LANGUAGE_BANKS, SAMPLE_LANGUAGES, type SampleLanguage } from "./languages";
export { hashInts, mulberry32, Rng } from "./prng";
