import { describe, expect, it } from "vitest";
import {
  ORDER_COUNT_FIELDS,
  SPLIT_COUNT_FIELDS,
  TRADE_COUNT_FIELDS,
  TRUCK_TYPES,
  TRUCK_TYPE_VALUES,
  isTruckType,
  totalTrucks,
  truckCountsFromOrder,
  truckCountsFromTrade,
  truckTypeByValue,
  truckTypeLabel,
  truckTypeSplitLabel,
} from "./truck-types.ts";

describe("truck types", () => {
  it("are the four types, in order", () => {
    expect(TRUCK_TYPE_VALUES).toEqual(["HALF_TON", "THREE_QUARTER_TON", "ONE_TON_FLATBED", "ONE_TON_SERVICE_BODY"]);
    expect(TRUCK_TYPES.map((definition) => definition.type)).toEqual([...TRUCK_TYPE_VALUES]);
  });

  it.each([
    ["HALF_TON", "1/2 Ton", "1/2 Tons", "HalfTonCount", "HalfTonCountTrade", "Half"],
    ["THREE_QUARTER_TON", "3/4 Ton", "3/4 Tons", "ThreeQuarterTonCount", "ThreeQuarterTonCountTrade", "ThreeQ"],
    ["ONE_TON_FLATBED", "1-Ton Flatbed", "Flatbeds", "OneTonFlatCount", "OneTonFlatCountTrade", "Flat"],
    [
      "ONE_TON_SERVICE_BODY",
      "1-Ton Service Body",
      "Service Body",
      "OneTonServiceCount",
      "OneTonServiceCountTrade",
      "Service",
    ],
  ] as const)("%s reads %s, %s in the split dialogs, and is counted in %s / %s / %s", (...row) => {
    const [type, label, splitLabel, orderField, tradeField, splitField] = row;
    expect(truckTypeByValue(type)).toEqual({
      type,
      label,
      splitLabel,
      orderCountField: orderField,
      tradeCountField: tradeField,
      splitCountField: splitField,
    });
    expect(truckTypeLabel(type)).toBe(label);
    expect(truckTypeSplitLabel(type)).toBe(splitLabel);
  });

  it("lists the count fields in type order", () => {
    expect(ORDER_COUNT_FIELDS).toEqual([
      "HalfTonCount",
      "ThreeQuarterTonCount",
      "OneTonFlatCount",
      "OneTonServiceCount",
    ]);
    expect(TRADE_COUNT_FIELDS).toEqual([
      "HalfTonCountTrade",
      "ThreeQuarterTonCountTrade",
      "OneTonFlatCountTrade",
      "OneTonServiceCountTrade",
    ]);
    expect(SPLIT_COUNT_FIELDS).toEqual(["Half", "ThreeQ", "Flat", "Service"]);
  });

  it("spells the split sum as the split message does", () => {
    expect(TRUCK_TYPES.map((definition) => definition.splitLabel).join(" + ")).toBe(
      "1/2 Tons + 3/4 Tons + Flatbeds + Service Body",
    );
  });

  it("recognises type values exactly", () => {
    for (const type of TRUCK_TYPE_VALUES) expect(isTruckType(type)).toBe(true);
    expect(isTruckType("half_ton")).toBe(false);
    expect(isTruckType("1/2 Ton")).toBe(false);
    expect(isTruckType(1)).toBe(false);
  });
});

describe("truck counts", () => {
  it("TrucksRequested is the sum of the four counts", () => {
    expect(totalTrucks({ HALF_TON: 2, THREE_QUARTER_TON: 3, ONE_TON_FLATBED: 0, ONE_TON_SERVICE_BODY: 5 })).toBe(10);
  });

  it("reads the counts of an on-rent order, numbers or digit strings, missing as 0", () => {
    expect(truckCountsFromOrder({ HalfTonCount: 2, ThreeQuarterTonCount: "3", OneTonServiceCount: null })).toEqual({
      HALF_TON: 2,
      THREE_QUARTER_TON: 3,
      ONE_TON_FLATBED: 0,
      ONE_TON_SERVICE_BODY: 0,
    });
  });

  it("reads an unreadable count as 0", () => {
    expect(truckCountsFromOrder({ HalfTonCount: "abc" }).HALF_TON).toBe(0);
  });

  it("reads the counts of a trade's on-rent half", () => {
    expect(
      truckCountsFromTrade({
        HalfTonCountTrade: 1,
        ThreeQuarterTonCountTrade: 1,
        OneTonFlatCountTrade: 1,
        OneTonServiceCountTrade: "4",
      }),
    ).toEqual({ HALF_TON: 1, THREE_QUARTER_TON: 1, ONE_TON_FLATBED: 1, ONE_TON_SERVICE_BODY: 4 });
  });
});
