import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { type SettingsPatch, type SettingsResponse, settingsResponseSchema } from "#core/schemas/settings";
import { apiRequest } from "../../../lib/api-client";
import { SETTINGS_PATH, settingsQueryOptions } from "./get-settings";
import { UNKNOWN_ERROR } from "./messages";

/** PUT /api/settings {changed settings} → the stored settings. */
export async function updateSettings(patch: SettingsPatch): Promise<SettingsResponse> {
  return settingsResponseSchema.parse(await apiRequest(SETTINGS_PATH, { method: "PUT", body: patch }));
}

/** Save → toast 'Settings saved'; an error → destructive toast with the server's message (it names the field). */
export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSettings,
    onSuccess: (saved) => {
      queryClient.setQueryData(settingsQueryOptions().queryKey, saved);
      toast.success("Settings saved", { description: "The server uses them from now on." });
    },
    onError: (error) => {
      toast.error("Error saving settings", { description: error.message || UNKNOWN_ERROR });
    },
  });
}
