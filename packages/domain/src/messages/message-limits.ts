// The limits of a message and its attachments, and how a sealed one is told from words. Plain
// values, without zod, so that a page can read them through the browser's zod-free entry (rules.ts).

export const MESSAGE_MAX_LENGTH = 4000;
/** A message sealed in the browser (a JWE: its words, at most MESSAGE_MAX_LENGTH, encrypted to three keys) is larger. */
export const SEALED_MESSAGE_MAX_CHARS = 32_768;

/** Whether `content` is a sealed message (a JWE in the General JSON Serialization) rather than words. */
export function isSealedContent(content: string): boolean {
  return content.startsWith("{") && content.includes('"ciphertext"') && content.includes('"recipients"');
}
/** Largest file one may attach, before it is sealed. */
export const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
/** What sealing adds to a file: AES-GCM's 12-byte IV before the ciphertext and its 16-byte tag after. */
export const ATTACHMENT_SEALING_OVERHEAD = 28;
export const ATTACHMENTS_PER_MESSAGE = 5;
/** The kinds of files one may attach (a PDF, an image, plain text or a Word document). */
export const ATTACHMENT_TYPES: Readonly<Record<string, string>> = {
  "application/pdf": "PDF",
  "image/png": "PNG image",
  "image/jpeg": "JPEG image",
  "text/plain": "text file",
  "application/msword": "Word document",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": "Word document",
};
export const MESSAGE_PAGE_DEFAULT = 50;
export const MESSAGE_PAGE_MAX = 200;
export const CONVERSATION_PAGE_DEFAULT = 50;
export const CONVERSATION_PAGE_MAX = 200;
