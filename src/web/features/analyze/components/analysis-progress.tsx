import type { StageEvent } from "#core/schemas/analysis-stream";
import { Progress } from "../../../components/ui/progress";
import { Spinner } from "../../../components/ui/spinner";
import { describeStage } from "../lib/stages";

/** The progress bar of a running analysis, following the stream's stages. */
export function AnalysisProgress({ stage }: { stage: StageEvent | null }) {
  const { label, percent } = describeStage(stage);
  return (
    <div className="flex flex-col gap-2" data-testid="analysis-progress">
      <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner />
        {label}…
      </p>
      <Progress value={percent} label="Analysis progress" valueText={label} />
    </div>
  );
}
