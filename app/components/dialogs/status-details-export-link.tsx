// A status list's download (ADR 044): a plain link to the file (`?format=xlsx` or `csv` on the page's own
// route), so it works without JavaScript. With JavaScript the file is fetched here instead, and while the
// server streams a large one the link shows how much has arrived; the file is then saved under the name
// the server gave it.
import { Button, Text } from "@radix-ui/themes";
import { type MouseEvent, useState } from "react";

const fileNameOf = (disposition: string | null): string => {
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? "")?.[1];
  if (encoded) return decodeURIComponent(encoded);
  return /filename="([^"]+)"/i.exec(disposition ?? "")?.[1] ?? "status.xlsx";
};

const megabytes = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`;

export function StatusExportLink({ href, label }: { href: string; label: string }) {
  const [progress, setProgress] = useState<{ bytes: number } | null>(null);
  const [failed, setFailed] = useState(false);

  const download = async (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    if (progress) return;
    setFailed(false);
    setProgress({ bytes: 0 });
    try {
      const response = await fetch(href, { credentials: "same-origin" });
      if (!response.ok || !response.body) throw new Error(`download answered ${response.status}`);
      const reader = response.body.getReader();
      const chunks: Uint8Array[] = [];
      let bytes = 0;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        chunks.push(value);
        bytes += value.byteLength;
        setProgress({ bytes });
      }
      const blob = new Blob(chunks as BlobPart[], { type: response.headers.get("Content-Type") ?? "" });
      const url = URL.createObjectURL(blob);
      const anchor = document.createElement("a");
      anchor.href = url;
      anchor.download = fileNameOf(response.headers.get("Content-Disposition"));
      document.body.append(anchor);
      anchor.click();
      anchor.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch {
      setFailed(true);
    } finally {
      setProgress(null);
    }
  };

  return (
    <>
      <Button asChild variant="outline" size="2">
        <a href={href} download onClick={(event) => void download(event)} aria-busy={progress ? true : undefined}>
          {progress ? `Preparing… ${megabytes(progress.bytes)}` : label}
        </a>
      </Button>
      {failed ? (
        <Text size="1" color="red" role="alert">
          The file could not be downloaded.
        </Text>
      ) : null}
    </>
  );
}
