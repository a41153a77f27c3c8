import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";

/** The text of every page of a PDF, read back by pdf.js (a real parser), pages joined by a form feed. */
export async function pdfText(bytes: Buffer): Promise<{ pages: number; text: string }> {
  const doc = await getDocument({
    data: new Uint8Array(bytes),
    verbosity: 0,
    useSystemFonts: false,
    isEvalSupported: false,
  }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const page = await doc.getPage(n);
    const content = await page.getTextContent();
    pages.push(content.items.map((i) => ("str" in i ? i.str : "")).join(" "));
  }
  await doc.destroy();
  return { pages: doc.numPages, text: pages.join("\f") };
}
