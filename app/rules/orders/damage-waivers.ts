// Damage waiver tiers a customer can buy with an order (ADR 014): ids, labels and the default.

export const DAMAGE_WAIVERS = [
  { id: 1, label: "Bronze" },
  { id: 2, label: "Silver" },
  { id: 3, label: "Gold" },
  { id: 4, label: "Platinum" },
  { id: 5, label: "Diamond" },
  { id: 6, label: "Full" },
] as const;

export type DamageWaiverId = (typeof DAMAGE_WAIVERS)[number]["id"];
export type DamageWaiverLabel = (typeof DAMAGE_WAIVERS)[number]["label"];

/** Bronze, the tier an order gets when none is chosen. */
export const DEFAULT_DAMAGE_WAIVER_ID: DamageWaiverId = 1;

export const NO_DAMAGE_WAIVER_LABEL = "None Selected";

export function isDamageWaiverId(value: unknown): value is DamageWaiverId {
  return DAMAGE_WAIVERS.some((waiver) => waiver.id === value);
}

/** The tier's label; any other value (0, null, 7, 2.5) reads 'None Selected'. */
export function damageWaiverLabel(id: number | null | undefined): DamageWaiverLabel | typeof NO_DAMAGE_WAIVER_LABEL {
  return DAMAGE_WAIVERS.find((waiver) => waiver.id === id)?.label ?? NO_DAMAGE_WAIVER_LABEL;
}
