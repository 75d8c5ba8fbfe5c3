import { Button } from "@halcyon/ui/components/button";
import { Ornament } from "@halcyon/ui/components/ornament";
import { cn } from "@halcyon/ui/lib/utils";
import { Menu, X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router-dom";

import { Wordmark } from "../../components/brand-mark";
import { useCurrentUser } from "../../lib/auth/current-user";
import { CLINIC_CONTACT } from "../../lib/clinic";
import { AccountActions } from "./account-actions";
import { navigationItemsFor } from "./navigation-items";
import { NavigationLinks } from "./navigation-links";
import { unreadMessagesLabel, UnreadMessagesBadge, useUnreadMessageTotal } from "./unread-messages-badge";
import { useScrolledPast } from "./use-scrolled-past";

/** Past this many pixels of scroll the navbar turns (nearly) opaque, per the specification. */
const OPAQUE_AFTER_SCROLL_PX = 100;
const MOBILE_MENU_ID = "mobile-menu";
const LINK_EXTRAS = { "/messages": <UnreadMessagesBadge /> };

export function SiteHeader() {
  const scrolled = useScrolledPast(OPAQUE_AFTER_SCROLL_PX);
  const { user, isLoading } = useCurrentUser();
  const [menuOpen, setMenuOpen] = useState(false);
  const unreadMessages = useUnreadMessageTotal();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const items = navigationItemsFor(user?.role ?? null);
  const closeMenu = () => setMenuOpen(false);

  useEffect(() => {
    if (!menuOpen) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setMenuOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener("keydown", closeOnEscape);
    return () => document.removeEventListener("keydown", closeOnEscape);
  }, [menuOpen]);

  return (
    <header
      data-scrolled={scrolled}
      className={cn(
        "fixed inset-x-0 top-0 z-40 border-b transition-[background-color,border-color,box-shadow] duration-500 ease-out",
        menuOpen
          ? "border-hairline bg-ivory-100"
          : scrolled
            ? "border-hairline bg-ivory-100/95 shadow-soft backdrop-blur-md"
            : "border-transparent bg-ivory-100/60 backdrop-blur-sm",
      )}
    >
      <div className="mx-auto flex h-20 max-w-7xl items-center justify-between gap-6 px-5 sm:px-8">
        <Link to="/" aria-label="Halcyon, home" className="rounded-sm" onClick={closeMenu}>
          <Wordmark />
        </Link>

        {/* Until we know who is visiting, show neither set of links rather than the wrong one. */}
        {!isLoading && (
          <>
            <nav aria-label="Main" className="hidden items-center gap-10 lg:flex">
              <NavigationLinks items={items} layout="row" extras={LINK_EXTRAS} />
              <AccountActions user={user} layout="row" />
            </nav>

            <Button
              ref={toggleRef}
              variant="ghost"
              size="icon"
              aria-expanded={menuOpen}
              aria-controls={MOBILE_MENU_ID}
              aria-label={menuOpen ? "Close menu" : unreadMessages > 0 ? `Open menu, ${unreadMessagesLabel(unreadMessages)}` : "Open menu"}
              onClick={() => setMenuOpen((open) => !open)}
              className="relative lg:hidden"
            >
              {menuOpen ? <X className="size-5" aria-hidden="true" /> : <Menu className="size-5" aria-hidden="true" />}
              {!menuOpen && unreadMessages > 0 && (
                <span aria-hidden="true" className="absolute top-2 right-2 size-2 rounded-full bg-gold-500 ring-2 ring-ivory-100" />
              )}
            </Button>
          </>
        )}
      </div>

      <nav
        id={MOBILE_MENU_ID}
        aria-label="Main, mobile"
        hidden={!menuOpen}
        className="h-[calc(100dvh-5rem)] overflow-y-auto border-t border-hairline px-5 pt-2 pb-10 sm:px-8 lg:hidden"
      >
        <NavigationLinks items={items} layout="column" onNavigate={closeMenu} extras={LINK_EXTRAS} />
        <div className="mt-10">
          <AccountActions user={user} layout="column" onNavigate={closeMenu} />
        </div>
        <div className="mt-14 flex flex-col items-center gap-4 text-center text-sm text-muted-foreground">
          <Ornament />
          <p>
            {user ? "The front desk:" : "Questions before you begin? Call"}{" "}
            <a className="text-ink-900 underline decoration-hairline underline-offset-4" href={CLINIC_CONTACT.phone.href}>
              {CLINIC_CONTACT.phone.label}
            </a>
          </p>
        </div>
      </nav>
    </header>
  );
}
