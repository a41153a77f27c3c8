import { ListPlus } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import type { Platform } from "#core/schemas/platform";
import { Button } from "../../../components/ui/button";

// The dialog (and the lists' API and schemas) load on the first click: the button is on every
// report and results row, the dialog rarely opened (decision 028).
const AddToListDialog = lazy(() =>
  import("./add-to-list-dialog").then((m) => ({ default: m.AddToListDialog })),
);

export interface AddToListButtonProps {
  platform: Platform;
  username: string;
  /** Lists belong to signed-in users: without a session the button asks to sign in instead. */
  signedIn: boolean;
  onSignInRequired: () => void;
  size?: "sm" | "default";
}

/** "Add to list": pick one of your lists (or name a new one) for this creator. */
export function AddToListButton({
  platform,
  username,
  signedIn,
  onSignInRequired,
  size = "sm",
}: AddToListButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="outline"
        size={size}
        aria-label={`Add @${username} to a list`}
        onClick={() => (signedIn ? setOpen(true) : onSignInRequired())}
      >
        <ListPlus aria-hidden="true" />
        Add to list
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <AddToListDialog platform={platform} username={username} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
