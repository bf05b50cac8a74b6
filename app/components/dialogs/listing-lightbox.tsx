// The listing photos' lightbox (ADR 046). With JavaScript: a Radix Dialog over the details dialog, which
// traps the focus, closes on Escape (only itself: Radix layers nested dialogs) and hands the focus back to
// the thumbnail that opened it; ← and → step through the photos. Without JavaScript: the URL's `photo=n`
// draws the same view as a static labelled dialog with Previous / Next / Close links.
import { Button, Dialog, Flex, Link as ThemeLink, Text } from "@radix-ui/themes";
import type { KeyboardEvent } from "react";
import { Link } from "react-router";
import type { ListingPhoto } from "~/rules/listings/listing-details.ts";

interface LightboxProps {
  photos: readonly ListingPhoto[];
  /** 0-based index of the photo shown. */
  index: number;
  title: string;
}

function Photo({ photo }: { photo: ListingPhoto }) {
  return (
    <img
      src={photo.largeUrl}
      alt={photo.alt}
      style={{ display: "block", maxWidth: "100%", maxHeight: "70vh", margin: "0 auto", objectFit: "contain" }}
    />
  );
}

/** The browser's lightbox: open while `index` is not null. */
export function Lightbox({
  photos,
  index,
  title,
  onIndexChange,
  onClose,
}: Omit<LightboxProps, "index"> & {
  index: number | null;
  onIndexChange: (index: number) => void;
  onClose: () => void;
}) {
  const count = photos.length;
  const photo = index === null ? undefined : photos[index];
  const step = (by: number) => {
    if (index !== null) onIndexChange((index + by + count) % count);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "ArrowRight") {
      event.preventDefault();
      step(1);
    } else if (event.key === "ArrowLeft") {
      event.preventDefault();
      step(-1);
    }
  };
  return (
    <Dialog.Root open={photo !== undefined} onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Content maxWidth="1100px" onKeyDown={onKeyDown} data-lightbox="" aria-roledescription="lightbox">
        <Flex justify="between" align="center" gap="3" mb="3">
          <Dialog.Title mb="0" size="3">
            {title}
          </Dialog.Title>
          <Dialog.Close>
            <Button variant="soft" color="gray" size="1">
              Close
            </Button>
          </Dialog.Close>
        </Flex>
        <Dialog.Description size="2" color="gray" mb="2">
          {photo ? `Photo ${index! + 1} of ${count}. Use the arrow keys for the others.` : ""}
        </Dialog.Description>
        {photo ? <Photo photo={photo} /> : null}
        {count > 1 ? (
          <Flex justify="between" mt="3">
            <Button variant="soft" onClick={() => step(-1)} aria-label="Previous photo">
              ← Previous
            </Button>
            <Text size="2" aria-live="polite">
              {index! + 1} / {count}
            </Text>
            <Button variant="soft" onClick={() => step(1)} aria-label="Next photo">
              Next →
            </Button>
          </Flex>
        ) : null}
      </Dialog.Content>
    </Dialog.Root>
  );
}

/** The server-rendered lightbox (no JavaScript): links move between photos and close it. */
export function StaticLightbox({
  photos,
  index,
  title,
  photoHref,
  closeHref,
}: LightboxProps & { photoHref: (index: number) => string; closeHref: string }) {
  const photo = photos[index];
  if (!photo) return null;
  const count = photos.length;
  return (
    <div
      role="dialog"
      aria-modal="true"
      aria-label={`${title}: photo ${index + 1} of ${count}`}
      data-lightbox=""
      style={{
        position: "fixed",
        inset: 0,
        zIndex: 1100,
        background: "rgba(0, 0, 0, 0.85)",
        display: "flex",
        flexDirection: "column",
        alignItems: "center",
        justifyContent: "center",
        padding: 16,
        gap: 12,
      }}
    >
      <Photo photo={photo} />
      <Flex gap="4" align="center" style={{ color: "white" }}>
        {count > 1 ? (
          <ThemeLink asChild highContrast>
            <Link to={photoHref((index - 1 + count) % count)} aria-label="Previous photo" style={{ color: "white" }}>
              ← Previous
            </Link>
          </ThemeLink>
        ) : null}
        <Text size="2">
          {index + 1} / {count}
        </Text>
        {count > 1 ? (
          <ThemeLink asChild>
            <Link to={photoHref((index + 1) % count)} aria-label="Next photo" style={{ color: "white" }}>
              Next →
            </Link>
          </ThemeLink>
        ) : null}
        <ThemeLink asChild>
          <Link to={closeHref} style={{ color: "white" }}>
            Close photo
          </Link>
        </ThemeLink>
      </Flex>
    </div>
  );
}
