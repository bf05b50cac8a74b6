// Odometer readings (ADR 059): every operation that records a unit's odometer also keeps it as a reading with
// its source, in its own transaction, so the mileage reports see each unit's miles over time. Unit.odometer is
// left as it is.
import type { OdometerSource, Prisma } from "../../generated/prisma/client";

export interface OdometerReadingInput {
  /** The unit read; a line whose unit is not in the fleet (a placeholder, an unknown number) gives no reading. */
  unitId: number | null;
  /** As typed: 0 is the forms' "not read yet" (the added row's 000000), never a reading. */
  reading: number;
  source: OdometerSource;
  readAt: Date;
  recordedById: number | null;
  formHistoryId: number | null;
}

/** Whether a recorded odometer is a reading of a fleet unit worth keeping. */
export function isOdometerReading(input: Pick<OdometerReadingInput, "unitId" | "reading">): boolean {
  return input.unitId !== null && Number.isInteger(input.reading) && input.reading > 0;
}

/** Writes the readings among `inputs` inside the caller's transaction; answers how many. */
export async function recordOdometerReadings(
  tx: Prisma.TransactionClient,
  inputs: readonly OdometerReadingInput[],
): Promise<number> {
  const data = inputs.filter(isOdometerReading).map((input) => ({ ...input, unitId: input.unitId! }));
  if (data.length === 0) return 0;
  return (await tx.odometerReading.createMany({ data })).count;
}
