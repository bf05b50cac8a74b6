// What the off-rent edit says (ADR 015): its refusals and notices, the labels of a line's unit test and
// of a carrier's lock, and how long the dialog shows a message. Texts the specification gives are kept
// character for character: the dialog, the JSON API and the tests all read them from here.
/** The specification's messages, character for character, plus the server's own refusals. */
export const OFF_RENT_EDIT_MESSAGES = {
  allFieldsRequired: "*All fields must be filled...",
  companyCodeRequired: "Company Code is required to edit an order.",
  editedVinsInvalid: "All edited vins must be tested and valid",
  duplicateVins: "Cannot use duplicate vins",
  duplicateVinsInline: "*The entered vins contain duplicates",
  companyCodeDigits: "Company Code must be at most 5 digits.",
  unknownCompany: "No customer has that Company Code.",
  pickupDate: "Enter the pickup date as YYYY-MM-DD.",
  email: "Enter a valid e-mail address.",
  phone: "Enter a complete, valid phone number.",
  state: "Enter the 2-letter state.",
  zip: "Zip must be 5 digits.",
  unitNumber: "Unit numbers are at most 8 letters, digits or dashes.",
  odometer: "Odometer readings are at most 9 digits.",
  version: "Reload the order: the version it was opened at is missing.",
  formHistoryId: "Choose an order.",
  offRentFormId: "Choose an off-rent order.",
  tradeFormId: "This off-rent order is not part of that trade.",
  unitsMismatch: "The units list does not match this order. Reload it and try again.",
  keepOneUnit: "An off-rent order keeps at least one unit.",
  notFound: "That off-rent order does not exist.",
  trade: "This is the return half of a trade: edit it with the trade's dialog.",
  cancelled: "This order has been cancelled.",
  returned: "Every unit of this order has been returned; it can no longer be edited.",
  forbidden: "You do not have permission to do that.",
  versionConflict: "Someone else changed this order after you opened it, so your changes were not saved.",
  changedMeanwhile: "This order changed meanwhile. Reload and try again.",
  nothingChanged: "Nothing changed.",
  saved: "Order saved.",
  vinsRequired: "Enter the unit numbers to test.",
  tooManyVins: "Test at most 100 unit numbers at a time.",
  badCharacters: "Contains characters that are not allowed (control characters).",
  unitAdded: "A unit was added: enter its unit number and odometer, then test it.",
  testFailed: "The units could not be tested. Try again.",
} as const;

/** What a line's unit test shows: Test Required until its current number is tested, then the result. */
export const UNIT_TEST_LABELS = {
  required: "Test Required",
  valid: "VALID UNIT NUMBER",
  invalid: "INVALID UNIT NUMBER",
} as const;
export type UnitTestLabel = (typeof UNIT_TEST_LABELS)[keyof typeof UNIT_TEST_LABELS];

/** The lock a carrier-assigned line shows: it may be neither changed nor removed. */
export const CARRIER_ASSIGNED_LOCK = "Carrier Assigned";

/** How long the dialog shows a message when JavaScript runs: the edit dialogs' 6 s. */
export const OFF_RENT_EDIT_MESSAGE_MS = 6_000;
