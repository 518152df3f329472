// Files the browser saves: a server route's download (its Content-Disposition names the file) and CSV text made on the
// device (src/domain/csv.ts toCsv, neutralised like the server's files), each through a link clicked once.
import { type CsvText, csvBlob } from "../domain/csv.ts";

function clickDownload(href: string, fileName: string) {
  const anchor = document.createElement("a");
  anchor.href = href;
  anchor.download = fileName;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
}

/** Downloads a server route (reports, statements): the server names the file. */
export function downloadPath(path: string): void {
  clickDownload(path, "");
}

/** Saves CSV text as a file on the device. */
export function saveCsv(fileName: string, text: CsvText): void {
  const url = URL.createObjectURL(csvBlob(text));
  clickDownload(url, fileName);
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
