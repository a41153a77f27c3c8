import { Alert, AlertDescription, AlertTitle } from "../../../components/ui/alert";
import { Spinner } from "../../../components/ui/spinner";
import { useSettings } from "../api/get-settings";
import { DataActions } from "./data-actions";
import { DataSources } from "./data-sources";
import { IndexPanel } from "./index-panel";
import { PricingSettings } from "./pricing-form";
import { SettingsForm } from "./settings-form";

/** The admin's settings screen: the saved settings, then the data actions. */
export function AdminSettings() {
  const settings = useSettings();
  if (settings.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 text-muted-foreground">
        <Spinner />
        Loading settings...
      </p>
    );
  }
  if (settings.isError) {
    return (
      <Alert variant="destructive" role="alert">
        <AlertDescription>
          <AlertTitle>Settings could not be loaded</AlertTitle>
          <p>{settings.error.message}</p>
        </AlertDescription>
      </Alert>
    );
  }
  return (
    <div className="flex flex-col gap-6">
      {/* Keyed by the last save, so a save made elsewhere resets the form to what is stored. */}
      <SettingsForm key={settings.data.updatedAt ?? "defaults"} data={settings.data} />
      <PricingSettings />
      <DataSources />
      <IndexPanel />
      <DataActions data={settings.data} />
    </div>
  );
}
