import { Button } from "@halcyon/ui/components/button";
import { ClipboardPen } from "lucide-react";
import { Link } from "react-router-dom";

import { DashboardBanner } from "../../components/dashboard-banner";
import { trpc } from "../../lib/trpc";
import { intakeTodo } from "./intake-todo";

/** On the patient's dashboard while intake or a consent is outstanding (read in the page's first batch). */
export function IntakeBanner() {
  const { data } = trpc.intake.mine.useQuery();
  const todo = data && intakeTodo(data);
  if (!todo) return null;
  return (
    <div className="mb-8">
      <DashboardBanner
        data-testid="intake-banner"
        icon={ClipboardPen}
        title={todo.title}
        detail={todo.detail}
        action={
          <Button asChild>
            <Link to="/intake">{todo.action}</Link>
          </Button>
        }
      />
    </div>
  );
}
