// A report's download link: without JavaScript a plain link the browser saves; with it, the file is read
// here so the page can say how much of a large file has arrived, then saved under the server's name.
import { Button, Text } from "@radix-ui/themes";
import { useState } from "react";

const FILE_NAME = /filename\*=UTF-8''([^;]+)/;

export function ReportDownload({ href, label }: { href: string; label: string }) {
  const [progress, setProgress] = useState<string | null>(null);
  async function download() {
    setProgress("Preparing…");
    try {
      const response = await fetch(href, { credentials: "same-origin" });
      if (!response.ok || !response.body) throw new Error(await response.text());
      const reader = response.body.getReader();
      const chunks: Uint8Array<ArrayBuffer>[] = [];
      let received = 0;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        chunks.push(value as Uint8Array<ArrayBuffer>);
        received += value.byteLength;
        setProgress(`Preparing… ${(received / 1024).toFixed(0)} KB`);
      }
      const name = FILE_NAME.exec(response.headers.get("content-disposition") ?? "")?.[1];
      const url = URL.createObjectURL(new Blob(chunks, { type: response.headers.get("content-type") ?? "" }));
      const link = document.createElement("a");
      link.href = url;
      link.download = name ? decodeURIComponent(name) : "report";
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      setProgress(null);
    } catch {
      setProgress("The file could not be prepared. Try again.");
    }
  }
  return (
    <>
      <Button asChild variant="outline" disabled={progress === "Preparing…"}>
        <a
          href={href}
          download
          onClick={(event) => {
            event.preventDefault();
            void download();
          }}
        >
          {label}
        </a>
      </Button>
      {progress ? (
        <Text size="1" color="gray" role="status">
          {progress}
        </Text>
      ) : null}
    </>
  );
}
