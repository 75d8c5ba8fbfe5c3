import { useEffect } from "react";

/** Names the browser tab after the page being shown. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title;
  }, [title]);
}
