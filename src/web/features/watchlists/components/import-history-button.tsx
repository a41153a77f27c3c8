import { Upload } from "lucide-react";
import { toast } from "sonner";
import type { Platform } from "#core/schemas/platform";
import { importHistory } from "../api/import-history";
import { useWatchlistMutation } from "../api/mutations";

/** Uploads a `date,followers` CSV that fills the account's past (before its first measured point). */
export function ImportHistoryButton({ platform, username }: { platform: Platform; username: string }) {
  const upload = useWatchlistMutation(importHistory, `Could not import the history of @${username}`);
  const id = `import-${platform}-${username}`;
  return (
    <>
      <label
        htmlFor={id}
        className="inline-flex h-9 cursor-pointer items-center rounded-md px-2 hover:bg-accent"
        title="Import follower history (CSV: date,followers)"
      >
        <Upload className="size-4" aria-hidden="true" />
        <span className="sr-only">Import history of @{username} (CSV: date,followers)</span>
      </label>
      <input
        id={id}
        type="file"
        accept=".csv,text/csv"
        className="sr-only"
        disabled={upload.isPending}
        onChange={async (event) => {
          const file = event.target.files?.[0];
          event.target.value = "";
          if (!file) return;
          const csv = await file.text();
          upload.mutate(
            { platform, username, csv },
            {
              onSuccess: (r) =>
                toast.success(`Imported ${r.imported} points for @${username}`, {
                  description: r.skipped
                    ? `${r.skipped} rows on or after the first measured point were skipped.`
                    : undefined,
                }),
            },
          );
        }}
      />
    </>
  );
}
