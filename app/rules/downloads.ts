// What a file download answers with, whichever page offers it (the credit memo reports, the status
// list's export): the types, and the file's name in Content-Disposition.
export const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
export const CSV_TYPE = "text/csv; charset=utf-8";

/** The `Content-Disposition` of the download: the plain name, and the RFC 5987 form for any other character. */
export function attachmentDisposition(fileName: string): string {
  const plain = fileName.replace(/[^\x20-\x7e]|["\\]/g, "_");
  return `attachment; filename="${plain}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
