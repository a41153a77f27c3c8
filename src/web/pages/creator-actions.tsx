import type { Platform } from "#core/schemas/platform";
import { showLoginPrompt, useSession } from "../features/auth";
import { CompareToggle } from "../features/compare";
import { AddToListButton } from "../features/lists/components/add-to-list-button";

/**
 * "Add to list" and "Compare" for one creator, wherever a creator appears (report, discovery, finder,
 * history, compare). Pages pass it to the feature views, which stay unaware of lists and comparisons.
 */
export function CreatorActions({
  platform,
  username,
  compare = true,
}: {
  platform: Platform;
  username: string;
  /** False on the compare page itself. */
  compare?: boolean;
}) {
  // Small buttons side by side, so a results row stays one line taller at most.
  const { isAuthenticated } = useSession();
  return (
    <span
      className="flex flex-wrap gap-1 [&_button]:h-8 [&_button]:gap-1 [&_button]:px-1.5 [&_button]:text-xs"
      data-print="hide"
    >
      <AddToListButton
        platform={platform}
        username={username}
        signedIn={isAuthenticated}
        onSignInRequired={() => showLoginPrompt("required")}
      />
      {compare ? <CompareToggle platform={platform} username={username} /> : null}
    </span>
  );
}

export const renderCreatorActions = (account: { platform: Platform; username: string }) => (
  <CreatorActions platform={account.platform} username={account.username} />
);
