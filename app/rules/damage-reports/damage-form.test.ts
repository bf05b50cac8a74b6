import { describe, expect, it } from "vitest";
import {
  DAMAGE_FORM_FIELDS,
  DAMAGE_FORM_LIMITS,
  DAMAGE_FORM_MESSAGES,
  DAMAGE_FORM_TEXT_FIELDS,
  damageFormConfirmationHref,
  damageFormLabel,
  damageFormSchema,
  damageFormTextValues,
  damageReportReference,
  isDamageDate,
  photoPrecheck,
  readDamageFormConfirmation,
} from "./damage-form.ts";
import { PUBLIC_FORM_FIELDS } from "../public-forms/public-form-guard.ts";

const TODAY = new Date("2026-11-24T15:00:00Z");
const valid = {
  unitNumber: " t10482 ",
  damageDate: "2026-11-20",
  location: "Yard 3",
  description: "Dent in the door",
  companyName: "Harbor Build Co",
  contactName: "Sam Ortiz",
  contactPhone: "3125550199",
  contactEmail: "",
};
const parse = (change: Partial<typeof valid>) => damageFormSchema(TODAY).safeParse({ ...valid, ...change });
const messages = (change: Partial<typeof valid>) => {
  const result = parse(change);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [String(i.path[0]), i.message]));
};

describe("the damage form schema", () => {
  it("reads a valid form: the unit number masked, the phone formatted, the text trimmed", () => {
    const result = parse({ location: "  Yard 3 " });
    expect(result.success && result.data).toMatchObject({
      unitNumber: "T10482",
      location: "Yard 3",
      contactPhone: "(312) 555-0199",
      contactEmail: "",
    });
  });

  it.each([
    [{ unitNumber: "" }, "unitNumber", DAMAGE_FORM_MESSAGES.unitNumber],
    [{ unitNumber: "AB_12" }, "unitNumber", DAMAGE_FORM_MESSAGES.unitNumber],
    [{ damageDate: "11/20/2026" }, "damageDate", DAMAGE_FORM_MESSAGES.damageDate],
    [{ location: "" }, "location", DAMAGE_FORM_MESSAGES.location],
    [{ location: "x".repeat(DAMAGE_FORM_LIMITS.locationMax + 1) }, "location", DAMAGE_FORM_MESSAGES.location],
    [{ description: " " }, "description", DAMAGE_FORM_MESSAGES.description],
    [{ companyName: "" }, "companyName", DAMAGE_FORM_MESSAGES.companyName],
    [{ contactName: "x".repeat(121) }, "contactName", DAMAGE_FORM_MESSAGES.contactName],
    [{ contactEmail: "not-an-address" }, "contactEmail", DAMAGE_FORM_MESSAGES.contactEmail],
    [{ contactPhone: "555" }, "contactPhone", DAMAGE_FORM_MESSAGES.contactPhone],
    [{ contactPhone: "", contactEmail: "" }, "contactPhone", DAMAGE_FORM_MESSAGES.contactMissing],
  ])("refuses %j on %s", (change, field, message) => {
    expect(messages(change)[field]).toBe(message);
  });

  it("takes the e-mail alone as a way to reach the customer", () => {
    expect(parse({ contactPhone: "", contactEmail: "sam@example.com" }).success).toBe(true);
  });

  it("keeps the unit number to 8 characters, as the staff editors' mask does", () => {
    const result = parse({ unitNumber: "abcdefghij" });
    expect(result.success && result.data.unitNumber).toBe("ABCDEFGH");
  });
});

describe("the damage date", () => {
  it("allows today, tomorrow (time zones ahead) and up to a year back", () => {
    expect(isDamageDate("2026-11-24", TODAY)).toBe(true);
    expect(isDamageDate("2026-11-25", TODAY)).toBe(true);
    expect(isDamageDate("2025-11-24", TODAY)).toBe(true);
  });
  it("refuses the future, more than a year back, and days that do not exist", () => {
    expect(isDamageDate("2026-11-26", TODAY)).toBe(false);
    expect(isDamageDate("2025-11-23", TODAY)).toBe(false);
    expect(isDamageDate("2026-02-29", TODAY)).toBe(false);
    expect(isDamageDate("2026-1-5", TODAY)).toBe(false);
  });
});

describe("the limits", () => {
  it("are ten photos of 10 MB in a body of at most 60 MB", () => {
    expect(DAMAGE_FORM_LIMITS.maxPhotos).toBe(10);
    expect(DAMAGE_FORM_LIMITS.maxPhotoBytes).toBe(10 * 1024 * 1024);
    expect(DAMAGE_FORM_LIMITS.maxBodyBytes).toBe(60 * 1024 * 1024);
  });

  it("cap the parts of a submission above what the form sends, and not far above", () => {
    // The text fields, the ticket and the honeypot, and the photos.
    const sent = DAMAGE_FORM_TEXT_FIELDS.length + Object.keys(PUBLIC_FORM_FIELDS).length + DAMAGE_FORM_LIMITS.maxPhotos;
    expect(sent).toBe(20);
    expect(DAMAGE_FORM_LIMITS.maxParts).toBeGreaterThan(sent);
    expect(DAMAGE_FORM_LIMITS.maxParts).toBeLessThanOrEqual(2 * sent);
  });

  it("pre-checks a chosen file by size and declared type only", () => {
    expect(photoPrecheck({ size: 1000, type: "image/jpeg" })).toBeNull();
    expect(photoPrecheck({ size: 1000, type: "" })).toBeNull();
    expect(photoPrecheck({ size: 0, type: "image/jpeg" })).toBe(DAMAGE_FORM_MESSAGES.photoNotImage);
    expect(photoPrecheck({ size: 10 * 1024 * 1024 + 1, type: "image/jpeg" })).toBe(DAMAGE_FORM_MESSAGES.photoTooLarge);
    expect(photoPrecheck({ size: 1000, type: "text/plain" })).toBe(DAMAGE_FORM_MESSAGES.photoNotImage);
  });

  it("numbers a report as the public forms do", () => {
    expect(damageReportReference(42)).toBe("DMG-000042");
  });
});

describe("the posted text", () => {
  const posted = (entries: [string, string | Blob][]) => {
    const form = new FormData();
    for (const [name, value] of entries) form.append(name, value);
    return form;
  };

  it("reads every text field, an absent one as empty, and nothing else", () => {
    const values = damageFormTextValues(
      posted([
        ["unitNumber", " t10482 "],
        ["location", "Yard 3"],
        ["website", "bot"],
      ]),
    );
    expect(Object.keys(values)).toEqual([...DAMAGE_FORM_TEXT_FIELDS]);
    expect(values).toMatchObject({ unitNumber: " t10482 ", location: "Yard 3", description: "", contactEmail: "" });
    expect(values).not.toHaveProperty("website");
    expect(values).not.toHaveProperty(DAMAGE_FORM_FIELDS.photos);
  });

  it("reads a file sent under a text field's name as empty, and the first of repeated values", () => {
    const values = damageFormTextValues(
      posted([
        ["description", new Blob(["x"])],
        ["companyName", "First"],
        ["companyName", "Second"],
      ]),
    );
    expect(values.description).toBe("");
    expect(values.companyName).toBe("First");
  });

  it("keeps at most 5,000 characters of a value to draw again", () => {
    expect(damageFormTextValues(posted([["description", "x".repeat(6000)]])).description).toHaveLength(5000);
  });
});

describe("the labels", () => {
  it("names each field as the form shows it, and an unknown name as it is", () => {
    expect(damageFormLabel(DAMAGE_FORM_FIELDS.unitNumber)).toBe("Unit number");
    expect(damageFormLabel(DAMAGE_FORM_FIELDS.damageDate)).toBe("Date of the damage");
    expect(damageFormLabel(DAMAGE_FORM_FIELDS.contactEmail)).toBe("E-mail");
    expect(damageFormLabel(DAMAGE_FORM_FIELDS.photos)).toBe("Photos");
    expect(damageFormLabel("formTicket")).toBe("formTicket");
  });

  it("gives every field of the form a label of its own", () => {
    const names = Object.values(DAMAGE_FORM_FIELDS);
    const labels = names.map(damageFormLabel);
    for (const [index, name] of names.entries()) expect(labels[index], name).not.toBe(name);
    expect(new Set(labels).size).toBe(names.length);
  });
});

describe("the confirmation", () => {
  it("carries the reference and whether a receipt went out on the form's own path", () => {
    expect(damageFormConfirmationHref("/damage-form", "DMG-000042", true)).toBe(
      "/damage-form?reference=DMG-000042&receipt=1",
    );
    expect(damageFormConfirmationHref("/damageform", "DMG-000042", false)).toBe(
      "/damageform?reference=DMG-000042&receipt=0",
    );
  });

  it("reads back what the redirect carried", () => {
    for (const receiptSent of [true, false]) {
      const href = damageFormConfirmationHref("/damageform", damageReportReference(7), receiptSent);
      expect(readDamageFormConfirmation(new URL(href, "http://x").searchParams)).toEqual({
        reference: "DMG-000007",
        receiptSent,
      });
    }
    expect(readDamageFormConfirmation(new URLSearchParams("reference=DMG-1234567890"))).toEqual({
      reference: "DMG-1234567890",
      receiptSent: false,
    });
  });

  it("shows the form for anything but a damage report's number", () => {
    for (const search of [
      "",
      "receipt=1",
      "reference=",
      "reference=DMG-12345",
      "reference=DMG-12345678901",
      "reference=ORD-000042",
      "reference=dmg-000042",
      "reference=DMG-000042%3Cscript%3E",
      "reference=%20DMG-000042",
    ]) {
      expect(readDamageFormConfirmation(new URLSearchParams(search)), search).toBeNull();
    }
  });
});
