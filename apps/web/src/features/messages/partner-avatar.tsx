import { Avatar, AvatarFallback, AvatarImage } from "@halcyon/ui/components/avatar";
import { cn } from "@halcyon/ui/lib/utils";

import { monogramOf } from "../../lib/monogram";
import { fullName, type Partner } from "./partner";

/** A partner's portrait, or their monogram. Decorative beside their written name. */
export function PartnerAvatar({ partner, className }: { partner: Pick<Partner, "firstName" | "lastName" | "imageUrl">; className?: string }) {
  return (
    <Avatar aria-hidden="true" className={cn("size-11", className)}>
      {partner.imageUrl && <AvatarImage src={partner.imageUrl} alt={`Portrait of ${fullName(partner)}`} />}
      <AvatarFallback className="text-base">{monogramOf(partner.firstName, partner.lastName)}</AvatarFallback>
    </Avatar>
  );
}
