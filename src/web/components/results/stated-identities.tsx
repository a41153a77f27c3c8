import { PLATFORM_LABELS } from "#core/platforms";
import type { Identity } from "#core/schemas/index-growth";

/**
 * "Also on TikTok @x (linked from their YouTube About page)" (issue #35): the creator's own profiles
 * on other platforms, only as they state them. Nothing when there are none.
 */
export function StatedIdentities({ identities }: { identities: readonly Identity[] | undefined }) {
  if (!identities || identities.length === 0) return null;
  return (
    <ul data-testid="stated-identities" className="flex flex-col gap-0.5 text-xs text-muted-foreground">
      {identities.map((i) => (
        <li key={`${i.platform}:${i.username}`}>
          Also on {PLATFORM_LABELS[i.platform]}{" "}
          {i.inIndex ? (
            <a
              className="font-medium text-foreground underline-offset-2 hover:underline"
              href={`/report/${i.platform}/${encodeURIComponent(i.username)}`}
            >
              @{i.username}
            </a>
          ) : (
            <span className="font-medium text-foreground">@{i.username}</span>
          )}{" "}
          ({i.label})
        </li>
      ))}
    </ul>
  );
}
