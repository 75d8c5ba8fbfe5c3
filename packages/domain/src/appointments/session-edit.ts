// A new title or description for a session (never said in a notice).
export interface SessionEdit {
  title?: string | undefined;
  description?: string | null | undefined;
}

/** The patch an edit makes (nothing for what it leaves out). */
export function editPatch(edit: SessionEdit): { title?: string; description?: string | null } {
  return {
    ...(edit.title !== undefined ? { title: edit.title } : {}),
    ...(edit.description !== undefined ? { description: edit.description ?? null } : {}),
  };
}
