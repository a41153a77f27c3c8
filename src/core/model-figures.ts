/**
 * Figures that came from the model's web search (a report whose source is "web-search": no collector
 * could read the account, so a search model estimated it) are never measured. The report says so;
 * every list, search result, discovery or finder row and export that shows such a number marks it
 * too (issue #24 item 6, docs/decisions/024-fair-quotas-and-model-figures.md).
 */

/** The report source of a web-search estimate (src/server/reports/report-service.ts). */
export const MODEL_FIGURES_SOURCE = "web-search";

/** The marker's accessible label and tooltip. */
export const MODEL_FIGURES_LABEL = "From the model's web search — not measured";

/** The marker's visible text. */
export const MODEL_FIGURES_SHORT = "Model estimate";

/** Whether figures from this source are the model's web-search estimate. */
export function isModelFigures(source: string | null | undefined): boolean {
  return source === MODEL_FIGURES_SOURCE;
}

/** The "Source of figures" column of exports: where a row's numbers come from. */
export const FIGURES_SOURCE_HEADER = "Source of figures";

/** "Model estimate (web search)", "Sample data", "Measured", or "" for a row without figures. */
export function figuresSourceText(row: {
  modelFigures?: boolean;
  isSample?: boolean | null;
  hasFigures?: boolean;
}): string {
  if (row.hasFigures === false) return "";
  if (row.modelFigures) return "Model estimate (web search)";
  if (row.isSample) return "Sample data";
  return "Measured";
}
