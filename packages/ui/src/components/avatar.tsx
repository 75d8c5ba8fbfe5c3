import type { ComponentProps } from "react";
import * as AvatarPrimitive from "@radix-ui/react-avatar";

import { cn } from "../lib/utils";

function Avatar({ className, ...props }: ComponentProps<typeof AvatarPrimitive.Root>) {
  return (
    <AvatarPrimitive.Root
      data-slot="avatar"
      className={cn("relative flex size-9 shrink-0 overflow-hidden rounded-full ring-1 ring-hairline", className)}
      {...props}
    />
  );
}

/** `alt` is required: every image says what it shows. */
function AvatarImage({ className, alt, ...props }: ComponentProps<typeof AvatarPrimitive.Image> & { alt: string }) {
  return <AvatarPrimitive.Image data-slot="avatar-image" alt={alt} className={cn("aspect-square size-full object-cover", className)} {...props} />;
}

/** Shown while the image loads, or instead of it: a monogram on a soft champagne ground. */
function AvatarFallback({ className, ...props }: ComponentProps<typeof AvatarPrimitive.Fallback>) {
  return (
    <AvatarPrimitive.Fallback
      data-slot="avatar-fallback"
      className={cn(
        "flex size-full items-center justify-center bg-linear-to-br from-gold-200 to-ivory-300 font-display text-sm font-semibold tracking-wide text-ink-900",
        className,
      )}
      {...props}
    />
  );
}

export { Avatar, AvatarImage, AvatarFallback };
