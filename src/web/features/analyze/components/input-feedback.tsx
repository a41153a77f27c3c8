import { Lightbulb } from "lucide-react";
import type { ParsedInput } from "#core/parser/index";
import { PLATFORM_LABELS, type Platform } from "#core/platforms";
import { Button } from "../../../components/ui/button";

const INPUT_TYPE_LABELS: Record<ParsedInput["inputType"], string> = {
  url: "profile link",
  at_mention: "@mention",
  username: "username",
  display_name: "display name",
};

export interface InputFeedbackProps {
  id: string;
  parsed: ParsedInput;
  /** The platform selected in the form. */
  platform: Platform;
  onPick: (suggestion: string) => void;
}

/** Whether the suggestions box shows (spec §2: when confidence is low; also when the input is unusable). */
export function showsSuggestions(parsed: ParsedInput): boolean {
  return (parsed.confidence === "low" || !parsed.isValid) && parsed.suggestions.length > 0;
}

/**
 * What the parser makes of the input, said quietly under the field: the handle it reads, the kind of
 * input and the confidence; why it cannot be used; and up to three clickable suggestions.
 */
export function InputFeedback({ id, parsed, platform, onPick }: InputFeedbackProps) {
  const otherPlatform = parsed.platform && parsed.platform !== platform ? parsed.platform : null;
  const suggestions = showsSuggestions(parsed) ? parsed.suggestions.slice(0, 3) : [];
  return (
    <div className="flex flex-col gap-2">
      <p id={id} className="text-xs text-muted-foreground" data-testid="input-feedback">
        {parsed.isValid && parsed.username ? (
          <>
            Reads as <span className="font-medium text-foreground">@{parsed.username}</span> (
            {INPUT_TYPE_LABELS[parsed.inputType]}, {parsed.confidence} confidence)
            {otherPlatform
              ? ` — a ${PLATFORM_LABELS[otherPlatform]} link, so ${PLATFORM_LABELS[otherPlatform]} will be analysed`
              : ""}
            .
          </>
        ) : (
          <>
            {INPUT_TYPE_LABELS[parsed.inputType]}, {parsed.confidence} confidence
            {parsed.reason ? <span className="text-warning"> — {parsed.reason}</span> : null}
          </>
        )}
      </p>
      {suggestions.length > 0 ? (
        <fieldset className="flex flex-col gap-2 rounded-md border border-dashed bg-muted/40 p-3">
          <legend className="float-left flex items-center gap-1.5 text-sm font-medium">
            <Lightbulb className="size-4 text-primary" aria-hidden="true" />
            Did you mean one of these?
          </legend>
          <ul className="flex flex-wrap gap-2">
            {suggestions.map((suggestion) => (
              <li key={suggestion}>
                <Button variant="outline" size="sm" onClick={() => onPick(suggestion)}>
                  @{suggestion}
                </Button>
              </li>
            ))}
          </ul>
        </fieldset>
      ) : null}
    </div>
  );
}
