import { PLATFORM_LABELS, type Platform } from "#core/platforms";
import type { SamplesMode } from "#core/schemas/discovery";
import { Button } from "../../../components/ui/button";

/**
 * Whether sample creators are in the results and how to change it (issue #35): they step aside once
 * the index holds real creators for the platform, and one click brings them back.
 */
export function SamplesNotice({
  samples,
  platform,
  onChange,
  pending,
}: {
  samples: { mode: SamplesMode; defaulted: boolean };
  platform: Platform;
  onChange: (mode: SamplesMode) => void;
  pending: boolean;
}) {
  const name = PLATFORM_LABELS[platform];
  let text: string;
  let action: { mode: SamplesMode; label: string } | null;
  if (samples.mode === "exclude") {
    text = `Sample creators are hidden: the index holds real ${name} creators.`;
    action = { mode: "include", label: "Show sample creators" };
  } else if (samples.defaulted) {
    text = `The index holds only sample creators for ${name} so far: they are shown, each labelled Sample.`;
    action = null;
  } else {
    text = "Sample creators are shown, each labelled Sample.";
    action = { mode: "exclude", label: "Hide sample creators" };
  }
  return (
    <p
      data-testid="samples-notice"
      className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground"
    >
      <span>{text}</span>
      {action ? (
        <Button
          variant="link"
          size="sm"
          className="h-auto p-0"
          disabled={pending}
          onClick={() => onChange(action.mode)}
        >
          {action.label}
        </Button>
      ) : null}
    </p>
  );
}
