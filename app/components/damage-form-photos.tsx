// The damage form's photo field (ADR 050): `<input type=file accept="image/*" capture multiple>`, so a
// phone offers its camera. With JavaScript the chosen photos are previewed and each one the browser can
// already tell is wrong (too large, not an image by its type, more than ten) is named before sending; the
// server checks every photo by its content either way, and without JavaScript only it does.
import { Flex, Text } from "@radix-ui/themes";
import { useEffect, useState } from "react";
import {
  DAMAGE_FORM_FIELDS,
  DAMAGE_FORM_LIMITS,
  DAMAGE_FORM_MESSAGES,
  photoPrecheck,
} from "~/rules/damage-reports/damage-form.ts";

export interface ChosenPhoto {
  name: string;
  url: string | null;
  problem: string | null;
}

/** What the browser can say about the chosen files (the form refuses to send while any has a problem). */
export function precheckPhotos(files: readonly File[]): { photos: ChosenPhoto[]; problems: string[] } {
  const photos = files.map((file) => ({ name: file.name, url: null, problem: photoPrecheck(file) }));
  const problems = photos.filter((p) => p.problem).map((p) => `${p.name}: ${p.problem}`);
  if (files.length > DAMAGE_FORM_LIMITS.maxPhotos) problems.unshift(DAMAGE_FORM_MESSAGES.tooManyPhotos);
  return { photos, problems };
}

const PREVIEW_EDGE = 192;

/**
 * A small preview as a data: URL (the page's CSP allows data: images, not blob:), drawn from the
 * decoded photo; null when this browser cannot decode it (the server decides whether it is a photo).
 */
async function previewOf(file: File): Promise<string | null> {
  try {
    const bitmap = await createImageBitmap(file);
    const scale = Math.min(1, PREVIEW_EDGE / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement("canvas");
    canvas.width = Math.max(1, Math.round(bitmap.width * scale));
    canvas.height = Math.max(1, Math.round(bitmap.height * scale));
    canvas.getContext("2d")?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    return canvas.toDataURL("image/jpeg", 0.7);
  } catch {
    return null;
  }
}

export function DamageFormPhotos({
  serverErrors,
  onProblems,
}: {
  serverErrors: readonly string[];
  onProblems: (problems: string[]) => void;
}) {
  const [chosen, setChosen] = useState<{ photos: ChosenPhoto[]; problems: string[] }>({ photos: [], problems: [] });
  const [files, setFiles] = useState<readonly File[]>([]);
  useEffect(() => {
    // Previews of the files that passed the pre-check, drawn one at a time; a newer choice discards them.
    let current = true;
    void (async () => {
      for (const [index, file] of files.entries()) {
        if (photoPrecheck(file) !== null || index >= DAMAGE_FORM_LIMITS.maxPhotos) continue;
        const url = await previewOf(file);
        if (!current) return;
        setChosen((before) => ({
          ...before,
          photos: before.photos.map((photo, at) => (at === index ? { ...photo, url } : photo)),
        }));
      }
    })();
    return () => {
      current = false;
    };
  }, [files]);
  const name = DAMAGE_FORM_FIELDS.photos;
  const errors = chosen.photos.length > 0 ? chosen.problems : serverErrors;
  const errorId = errors.length > 0 ? `${name}-error` : undefined;
  return (
    <Flex direction="column" gap="2">
      <label htmlFor={name}>
        <Text size="3" weight="medium">
          Photos
          <Text size="2" color="gray" weight="regular">
            {" "}
            (optional, up to {DAMAGE_FORM_LIMITS.maxPhotos})
          </Text>
        </Text>
      </label>
      <Text size="2" color="gray" id={`${name}-hint`}>
        Take or choose up to {DAMAGE_FORM_LIMITS.maxPhotos} photos of the damage, each at most{" "}
        {DAMAGE_FORM_LIMITS.maxPhotoBytes / (1024 * 1024)} MB. If the form comes back with a message, choose them again.
      </Text>
      {errors.length > 0 ? (
        <ul
          id={errorId}
          style={{ margin: 0, paddingLeft: "1.25rem", color: "var(--red-11)" }}
          data-testid="photo-errors"
        >
          {errors.map((error) => (
            <li key={error}>
              <Text size="2" weight="medium">
                {error}
              </Text>
            </li>
          ))}
        </ul>
      ) : null}
      <input
        id={name}
        name={name}
        type="file"
        accept="image/*"
        capture="environment"
        multiple
        aria-describedby={[`${name}-hint`, errorId].filter(Boolean).join(" ")}
        aria-invalid={errors.length > 0 ? true : undefined}
        style={{ fontSize: "1rem", padding: "0.5rem 0" }}
        onChange={(event) => {
          const picked = [...(event.currentTarget.files ?? [])];
          const next = precheckPhotos(picked);
          setChosen(next);
          setFiles(picked);
          onProblems(next.problems);
        }}
      />
      {chosen.photos.length > 0 ? (
        <ul
          aria-label="Chosen photos"
          style={{
            listStyle: "none",
            padding: 0,
            margin: 0,
            display: "grid",
            gridTemplateColumns: "repeat(auto-fill, minmax(96px, 1fr))",
            gap: "0.5rem",
          }}
        >
          {chosen.photos.map((photo, index) => (
            <li key={`${photo.name}-${index}`}>
              {photo.url ? (
                <img
                  src={photo.url}
                  alt={`Preview of ${photo.name}`}
                  style={{ width: "100%", aspectRatio: "1", objectFit: "cover", borderRadius: 6, display: "block" }}
                />
              ) : (
                <Text size="1" color={photo.problem ? "red" : "gray"}>
                  {photo.name}
                </Text>
              )}
            </li>
          ))}
        </ul>
      ) : null}
    </Flex>
  );
}
