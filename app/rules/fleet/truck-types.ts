// The four truck types a customer orders, with the labels each screen uses and the count fields that
// carry them on orders, trades and splits (OrderForm, TradeForm; docs/data-model.md).

export const TRUCK_TYPE_VALUES = ["HALF_TON", "THREE_QUARTER_TON", "ONE_TON_FLATBED", "ONE_TON_SERVICE_BODY"] as const;
export type TruckType = (typeof TRUCK_TYPE_VALUES)[number];

export interface TruckTypeDefinition {
  readonly type: TruckType;
  /** Singular label for forms and cards. */
  readonly label: string;
  /** Plural label of the split dialogs ("1/2 Tons + 3/4 Tons + Flatbeds + Service Body"). */
  readonly splitLabel: string;
  /** Count field of an on-rent order payload. */
  readonly orderCountField: OrderCountField;
  /** Count field of a trade's on-rent half. */
  readonly tradeCountField: TradeCountField;
  /** Count field of a split. */
  readonly splitCountField: SplitCountField;
}

export const ORDER_COUNT_FIELDS = [
  "HalfTonCount",
  "ThreeQuarterTonCount",
  "OneTonFlatCount",
  "OneTonServiceCount",
] as const;
export type OrderCountField = (typeof ORDER_COUNT_FIELDS)[number];

export const TRADE_COUNT_FIELDS = [
  "HalfTonCountTrade",
  "ThreeQuarterTonCountTrade",
  "OneTonFlatCountTrade",
  "OneTonServiceCountTrade",
] as const;
export type TradeCountField = (typeof TRADE_COUNT_FIELDS)[number];

export const SPLIT_COUNT_FIELDS = ["Half", "ThreeQ", "Flat", "Service"] as const;
export type SplitCountField = (typeof SPLIT_COUNT_FIELDS)[number];

export const TRUCK_TYPES: readonly TruckTypeDefinition[] = [
  {
    type: "HALF_TON",
    label: "1/2 Ton",
    splitLabel: "1/2 Tons",
    orderCountField: "HalfTonCount",
    tradeCountField: "HalfTonCountTrade",
    splitCountField: "Half",
  },
  {
    type: "THREE_QUARTER_TON",
    label: "3/4 Ton",
    splitLabel: "3/4 Tons",
    orderCountField: "ThreeQuarterTonCount",
    tradeCountField: "ThreeQuarterTonCountTrade",
    splitCountField: "ThreeQ",
  },
  {
    type: "ONE_TON_FLATBED",
    label: "1-Ton Flatbed",
    splitLabel: "Flatbeds",
    orderCountField: "OneTonFlatCount",
    tradeCountField: "OneTonFlatCountTrade",
    splitCountField: "Flat",
  },
  {
    type: "ONE_TON_SERVICE_BODY",
    label: "1-Ton Service Body",
    splitLabel: "Service Body",
    orderCountField: "OneTonServiceCount",
    tradeCountField: "OneTonServiceCountTrade",
    splitCountField: "Service",
  },
];

const truckTypesByValue = new Map<string, TruckTypeDefinition>(
  TRUCK_TYPES.map((definition) => [definition.type, definition]),
);

export function isTruckType(value: unknown): value is TruckType {
  return typeof value === "string" && truckTypesByValue.has(value);
}

export function truckTypeByValue(type: TruckType): TruckTypeDefinition {
  // Every TruckType is in the table, so the lookup cannot miss.
  return truckTypesByValue.get(type) as TruckTypeDefinition;
}

export function truckTypeLabel(type: TruckType): string {
  return truckTypeByValue(type).label;
}

export function truckTypeSplitLabel(type: TruckType): string {
  return truckTypeByValue(type).splitLabel;
}

export type TruckCounts = Readonly<Record<TruckType, number>>;

/** TrucksRequested is the sum of the four type counts. */
export function totalTrucks(counts: TruckCounts): number {
  return TRUCK_TYPE_VALUES.reduce((sum, type) => sum + counts[type], 0);
}

/** Reads the four counts of an on-rent order payload; a missing or unreadable count is 0. */
export function truckCountsFromOrder(order: Partial<Record<OrderCountField, number | string | null>>): TruckCounts {
  return countsFrom((definition) => order[definition.orderCountField]);
}

/** Reads the four counts of a trade's on-rent half; a missing or unreadable count is 0. */
export function truckCountsFromTrade(trade: Partial<Record<TradeCountField, number | string | null>>): TruckCounts {
  return countsFrom((definition) => trade[definition.tradeCountField]);
}

function countsFrom(read: (definition: TruckTypeDefinition) => number | string | null | undefined): TruckCounts {
  const entries = TRUCK_TYPES.map((definition) => {
    const count = Number(read(definition) ?? 0);
    return [definition.type, Number.isFinite(count) ? count : 0] as const;
  });
  return Object.fromEntries(entries) as Record<TruckType, number>;
}
