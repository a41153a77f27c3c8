import { useMutation } from "@tanstack/react-query";
import { toast } from "sonner";
import type { ExportFormat } from "#core/schemas/settings";
import { api } from "../../../lib/api-client";
import { UNKNOWN_ERROR } from "./messages";

export const EXPORT_PATH = "/api/settings/export";

export interface ExportedFile {
  blob: Blob;
  fileName: string;
}

/** The server's file name (Content-Disposition), or one of the same form. */
export function fileNameOf(disposition: string | null, format: ExportFormat, now = new Date()): string {
  const match = disposition?.match(/filename="([^"]+)"/);
  return match?.[1] ?? `accounts-${now.toISOString().slice(0, 10)}.${format}`;
}

/** GET /api/settings/export?format=csv|json → the stored accounts as a file. */
export async function exportData(format: ExportFormat): Promise<ExportedFile> {
  const response = await api.get<Response>(`${EXPORT_PATH}?format=${format}`, { raw: true });
  return {
    blob: await response.blob(),
    fileName: fileNameOf(response.headers.get("content-disposition"), format),
  };
}

/** Hands a file to the browser's downloads. */
export function saveFile({ blob, fileName }: ExportedFile): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.rel = "noopener";
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the address is released.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Export → the download, then toast 'Data exported'. */
export function useExportData() {
  return useMutation({
    mutationFn: exportData,
    onSuccess: (file) => {
      saveFile(file);
      toast.success("Data exported", { description: `Saved ${file.fileName}` });
    },
    onError: (error) => {
      toast.error("Error exporting data", { description: error.message || UNKNOWN_ERROR });
    },
  });
}
