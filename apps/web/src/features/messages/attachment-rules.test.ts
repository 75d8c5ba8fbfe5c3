import { describe, expect, it } from "vitest";

import { attachableType, fileProblem } from "./attachment-rules";

const file = (name: string, type: string, size = 1000) => ({ name, type, size });

describe("what may be attached", () => {
  it("takes PDFs, PNG and JPEG images, plain text and Word documents, by type or, without one, by extension", () => {
    expect(attachableType(file("letter.pdf", "application/pdf"))).toBe("application/pdf");
    expect(attachableType(file("scan.JPG", ""))).toBe("image/jpeg");
    expect(attachableType(file("plan.docx", ""))).toBe("application/vnd.openxmlformats-officedocument.wordprocessingml.document");
    expect(fileProblem(file("notes.txt", "text/plain"))).toBeNull();
  });

  it("refuses other kinds, files over 10 MB and empty files, saying which and why", () => {
    expect(fileProblem(file("setup.exe", "application/x-msdownload"))).toBe(
      "“setup.exe” cannot be attached: send a PDF, a PNG or JPEG image, a plain text file or a Word document.",
    );
    expect(fileProblem(file("photo.gif", "image/gif"))).toMatch(/cannot be attached/);
    expect(fileProblem(file("scan.pdf", "application/pdf", 10 * 1024 * 1024 + 1))).toBe("“scan.pdf” is larger than 10 MB, the most a file can be.");
    expect(fileProblem(file("scan.pdf", "application/pdf", 10 * 1024 * 1024))).toBeNull();
    expect(fileProblem(file("blank.txt", "text/plain", 0))).toBe("“blank.txt” is empty.");
  });
});
