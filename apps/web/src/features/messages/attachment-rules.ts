// Which files may go with a message, checked before anything is sealed or sent: the server only
// ever sees ciphertext, so the kind of file is the browser's to check.
import { ATTACHMENT_MAX_BYTES, ATTACHMENT_TYPES } from "@halcyon/domain/rules";

/** Some systems give no type for Word or text files: their extension says it. */
const TYPE_OF_EXTENSION: Readonly<Record<string, string>> = {
  pdf: "application/pdf",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  txt: "text/plain",
  doc: "application/msword",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
};

/** What the file picker offers. */
export const ACCEPTED_FILES = [...Object.keys(TYPE_OF_EXTENSION).map((extension) => `.${extension}`), ...Object.keys(ATTACHMENT_TYPES)].join(",");

/** The file's type as it will be sent, or null when it is not one that may be attached. */
export function attachableType(file: Pick<File, "name" | "type">): string | null {
  if (file.type in ATTACHMENT_TYPES) return file.type;
  if (file.type !== "" && file.type !== "application/octet-stream") return null;
  const extension = file.name.split(".").pop()?.toLowerCase() ?? "";
  return TYPE_OF_EXTENSION[extension] ?? null;
}

/** Why this file cannot be attached, in words, or null when it can. */
export function fileProblem(file: Pick<File, "name" | "type" | "size">): string | null {
  if (attachableType(file) === null) return `“${file.name}” cannot be attached: send a PDF, a PNG or JPEG image, a plain text file or a Word document.`;
  if (file.size > ATTACHMENT_MAX_BYTES) return `“${file.name}” is larger than 10 MB, the most a file can be.`;
  if (file.size === 0) return `“${file.name}” is empty.`;
  return null;
}
