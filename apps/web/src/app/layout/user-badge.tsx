import type { PublicUser } from "@halcyon/domain/schemas";
import { Avatar, AvatarFallback, AvatarImage } from "@halcyon/ui/components/avatar";

import { monogramOf } from "../../lib/monogram";

/** The member's portrait (or monogram when they have none) and first name. */
export function UserBadge({ user }: { user: PublicUser }) {
  return (
    <span data-testid="user-badge" className="flex items-center gap-2.5">
      <Avatar className="size-9">
        {user.profileImageUrl && <AvatarImage src={user.profileImageUrl} alt={`Profile photo of ${user.firstName}`} />}
        <AvatarFallback role="img" aria-label={`Monogram of ${user.firstName} ${user.lastName}`}>
          {monogramOf(user.firstName, user.lastName)}
        </AvatarFallback>
      </Avatar>
      <span className="text-sm font-medium text-foreground">{user.firstName}</span>
    </span>
  );
}
