// Where uploaded and imported files live (auction listing photos, damage report photos): one interface,
// one implementation on local disk under DATA_DIR/files by default. An S3-compatible store implements
// the same four calls (ADR 043). Files are written once under a key the caller derives from their
// content, so a key never changes meaning and can be cached for ever.
import { createReadStream } from "node:fs";
import { mkdir, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { randomUUID } from "node:crypto";
import type { Config } from "~/modules/platform/config.server.ts";

/** The content types the store serves; a key's extension decides its type. */
const CONTENT_TYPES = { jpg: "image/jpeg", png: "image/png", webp: "image/webp" } as const;
export type StoredFileExtension = keyof typeof CONTENT_TYPES;

/**
 * A storage key: lower-case path segments of letters, digits, '-' and '_', '/'-separated, ending in a
 * file name with one of the served extensions ("listings/3f2a…c9-large.jpg"). Nothing else (no '..',
 * no leading '/', no backslash) can name a file, so a key from a URL can never leave the store.
 */
const KEY_PATTERN = /^(?:[a-z0-9][a-z0-9_-]{0,63}\/){1,4}[a-z0-9][a-z0-9_-]{0,127}\.(jpg|png|webp)$/;

export function isStorageKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

export function contentTypeOfKey(key: string): string | null {
  const match = KEY_PATTERN.exec(key);
  return match ? CONTENT_TYPES[match[1] as StoredFileExtension] : null;
}

export interface StoredFile {
  size: number;
  contentType: string;
  open(): Readable;
}

export interface FileStorage {
  /** Stores bytes under the key (replacing what was there). Throws on an invalid key. */
  put(key: string, bytes: Uint8Array): Promise<void>;
  /** The file under the key, or null when there is none or the key is invalid. */
  get(key: string): Promise<StoredFile | null>;
  /** Removes the file; a missing one is not an error. */
  delete(key: string): Promise<void>;
}

function assertKey(key: string): void {
  if (!isStorageKey(key)) throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
}

/** Files under `root` on local disk; each write lands whole (temporary file, then rename). */
export function localFileStorage(root: string): FileStorage {
  const fileOf = (key: string) => path.join(root, ...key.split("/"));
  return {
    async put(key, bytes) {
      assertKey(key);
      const target = fileOf(key);
      await mkdir(path.dirname(target), { recursive: true });
      const temporary = `${target}.${randomUUID()}.part`;
      try {
        await writeFile(temporary, bytes);
        await rename(temporary, target);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },
    async get(key) {
      const contentType = contentTypeOfKey(key);
      if (!contentType) return null;
      const file = fileOf(key);
      const info = await stat(file).catch(() => null);
      if (!info?.isFile()) return null;
      return { size: info.size, contentType, open: () => createReadStream(file) };
    },
    async delete(key) {
      assertKey(key);
      await rm(fileOf(key), { force: true });
    },
  };
}

/** The process's store: local disk under DATA_DIR/files. */
export function fileStorageFor(config: Pick<Config, "DATA_DIR">): FileStorage {
  return localFileStorage(path.resolve(config.DATA_DIR, "files"));
}
