// Bodies of the public order, trade and off-rent forms that pass every check, as a browser posts
// them (field name → text; the unit rows repeat their names), for the forms' unit and integration tests.

/** A date `days` from today (UTC), as the forms' date inputs send it. */
export function daysFromToday(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

export type FormBody = Record<string, string | string[]>;

export function validOrderBody(overrides: FormBody = {}): FormBody {
  return {
    CorporateName: "Acme Paving LLC",
    CompanyNumber: "",
    SubmitteeName: "Dana Reyes",
    ReceiptEmail: "",
    HalfTonCount: "2",
    ThreeQuarterTonCount: "",
    OneTonFlatCount: "1",
    OneTonServiceCount: "",
    DateNeeded: daysFromToday(10),
    ExpectedRentalLength: "6 months",
    DamageWaiverID: "1",
    PONumber: "",
    DelName: "Sam Ortiz",
    DelPhone: "(214) 555-0142",
    DelAltPhone: "",
    DelEmail: "sam@acme-paving.example",
    DelStreetAddress: "1200 Commerce St",
    DelStreetAddress2: "",
    DelCity: "Dallas",
    DelState: "TX",
    DelZip: "75202",
    UseStreetAddress: "1200 Commerce St",
    UseStreetAddress2: "",
    UseCity: "Dallas",
    UseState: "TX",
    UseZip: "75202",
    BillName: "Pat Lee",
    BillPhone: "(214) 555-0199",
    BillAltPhone: "",
    BillEmail: "ap@acme-paving.example",
    BillStreetAddress: "PO Box 44",
    BillStreetAddress2: "",
    BillCity: "Dallas",
    BillState: "TX",
    BillZip: "75201",
    RAName: "Pat Lee",
    RAPhone: "(214) 555-0199",
    RAEmail: "ap@acme-paving.example",
    RAFax: "",
    specialInstructions: "",
    ...overrides,
  };
}

export function validTradeBody(overrides: FormBody = {}): FormBody {
  return {
    CorporateNameTrade: "Acme Paving LLC",
    CompanyCode: "",
    submitteeName: "Dana Reyes",
    ReceiptEmail: "",
    unitNumber: ["TRD00001", "TRD00002"],
    unitOdometer: ["45120", "38800"],
    HalfTonCountTrade: "1",
    ThreeQuarterTonCountTrade: "1",
    OneTonFlatCountTrade: "",
    OneTonServiceCountTrade: "",
    DamageWaiverID: "2",
    PONumber: "PO-7781",
    pickupDate: daysFromToday(7),
    pickupName: "Sam Ortiz",
    pickupPhone: "(214) 555-0142",
    pickupAltPhone: "",
    pickupEmail: "sam@acme-paving.example",
    pickupStreetAddress: "1200 Commerce St",
    pickupStreetAddress2: "",
    pickupCity: "Dallas",
    pickupState: "TX",
    pickupZip: "75202",
    deliveryName: "",
    deliveryPhone: "",
    deliveryAltPhone: "",
    deliveryEmail: "",
    deliveryStreetAddress: "",
    deliveryStreetAddress2: "",
    deliveryCity: "",
    deliveryState: "",
    deliveryZip: "",
    useStreetAddress: "1200 Commerce St",
    useStreetAddress2: "",
    useCity: "Dallas",
    useState: "TX",
    useZip: "75202",
    raName: "Pat Lee",
    raPhone: "(214) 555-0199",
    raEmail: "ap@acme-paving.example",
    raFax: "",
    specialInstructions: "",
    ...overrides,
  };
}

export function validOffRentBody(overrides: FormBody = {}): FormBody {
  return {
    compName: "Acme Paving LLC",
    compCode: "",
    submittedBy: "Dana Reyes",
    ReceiptEmail: "",
    unitNumber: ["OFF00001"],
    unitOdometer: ["51234"],
    pickupDate: daysFromToday(5),
    pickupName: "Sam Ortiz",
    pickupPhone: "(214) 555-0142",
    pickupPhoneAlt: "",
    pickupEmail: "sam@acme-paving.example",
    pickupStreetAddress: "1200 Commerce St",
    pickupStreetAddress2: "",
    pickupCity: "Dallas",
    pickupState: "TX",
    pickupZip: "75202",
    ...overrides,
  };
}
