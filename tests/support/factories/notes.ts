// Notes for the integration tests, written directly (not through the notes operations under test).
import type { PrismaClient } from "~/generated/prisma/client";

export async function writtenNote(
  db: PrismaClient,
  data: {
    authorId: number;
    formHistoryId?: number | null;
    unitNumber?: string | null;
    noteType?: string;
    subject?: string;
    cancelled?: boolean;
    createdAt?: Date;
  },
) {
  return db.note.create({
    data: {
      authorId: data.authorId,
      formHistoryId: data.formHistoryId ?? null,
      unitNumber: data.unitNumber ?? null,
      noteType: data.noteType ?? "onboarding",
      subject: data.subject ?? "Called the customer",
      cancelled: data.cancelled ?? false,
      createdAt: data.createdAt ?? new Date(),
    },
  });
}
