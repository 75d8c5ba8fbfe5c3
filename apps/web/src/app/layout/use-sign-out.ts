import { toast } from "@halcyon/ui/hooks/use-toast";
import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router-dom";

import { forgetCurrentUser } from "../../lib/auth/current-user";
import { forgetMessagingKeys } from "../../lib/messaging-keys/key-events";
import { trpc } from "../../lib/trpc";

/** Ends the session, says goodbye, and leaves for the home page before the user is forgotten. */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return trpc.auth.logout.useMutation({
    onSuccess: async () => {
      toast({ title: "Goodbye!", description: "You have been logged out successfully." });
      // Leave first: a protected page that saw the user vanish would announce an expired session.
      await navigate("/");
      forgetCurrentUser(queryClient);
      forgetMessagingKeys();
    },
    onError: (error) => {
      toast({ variant: "destructive", title: "Logout failed", description: error.message });
    },
  });
}
