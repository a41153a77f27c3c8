import { z } from "zod";
import { PLATFORMS } from "../platforms";

export { isPlatform, PLATFORM_LABELS, PLATFORMS, type Platform } from "../platforms";

/** Spec §5: platform must be one of the three, message 'Please select a platform'. */
export const platformSchema = z.enum(PLATFORMS, { error: "Please select a platform" });
