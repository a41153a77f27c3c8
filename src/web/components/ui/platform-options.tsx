import { PLATFORM_LABELS, PLATFORMS } from "#core/platforms";

/** The platforms as <option>s of a platform select, in the product's order, with their labels. */
export function PlatformOptions() {
  return PLATFORMS.map((p) => (
    <option key={p} value={p}>
      {PLATFORM_LABELS[p]}
    </option>
  ));
}
