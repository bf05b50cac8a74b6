// Vendors against the worker's database: POST /api/create-vendor, PUT /api/edit-vendor, the name
// check and the reads over HTTP (success, each message, 401/403/404, the duplicate race, nothing written
// when refused, the vendorCreated announcement), pg_trgm agreeing with the rule's own similarity, and the
// vendor dialog on the vendors page and the transport board the way a browser without JavaScript uses it.
import { beforeAll, describe, expect, it } from "vitest";
import { action as vendorsAction, loader as vendorsLoader } from "~/routes/vendors.tsx";
import type { PermissionName } from "~/rules/access/permissions.ts";
import { VENDOR_MESSAGES, type VendorDialogData } from "~/rules/vendors/vendor-edit.ts";
import { normalizeVendorName, trigramSimilarity, VENDOR_NAME_MESSAGES } from "~/rules/vendors/vendor-name.ts";
import { createVendorsRouter } from "../../../server/api/vendors.ts";
import { apiHarness } from "../../support/api-harness.ts";
import { loadBoard, pageRouteArgs, postBoardForm, postPageForm } from "../../support/board-route.ts";
import { createTestPrisma } from "../../support/database.ts";
import { actorWith } from "../../support/factories/users.ts";
import { databaseFingerprint } from "../../support/property.ts";
import { unique } from "../../support/factories/unique.ts";

const db = createTestPrisma();
const api = apiHarness(createVendorsRouter);

const tokenFor = async (permissions: PermissionName[]) => api.tokenFor(await actorWith(db, permissions));
let editor: string;
let reader: string;

beforeAll(async () => {
  editor = await tokenFor(["transport-edit"]);
  reader = await tokenFor(["transport"]);
});

/** A valid body with a name no other test uses. */
function vendorBody(name = unique("Prairie Line Carriers"), extra: Record<string, unknown> = {}) {
  return {
    Name: name,
    Address: "1200 Industrial Pkwy",
    Address2: "",
    City: "Wichita",
    State: "ks",
    ZipCode: "67202",
    Phone: "3165550142",
    Mobile: null,
    Email: "dispatch@prairieline.example",
    Website: "",
    CargoIns: 250000,
    InsExp: "2027-06-30",
    FederalId: "48-1234567",
    EntityType: "LLC",
    VendorType: "TRANSPORTER",
    Contact: "Dana Ruiz",
    ...extra,
  };
}

/** `token` null: no Authorization header at all. */
const create = (body: unknown, token: string | null = editor) =>
  api.call("POST", "/api/create-vendor", { body, ...(token === null ? {} : { token }) });
const edit = (body: unknown, token: string = editor) => api.call("PUT", "/api/edit-vendor", { body, token });

/** Runs a refusal and proves it wrote nothing. */
async function refusedWithoutWriting<T>(run: () => Promise<T>): Promise<T> {
  const before = await databaseFingerprint();
  const result = await run();
  expect(await databaseFingerprint()).toBe(before);
  return result;
}

describe("POST /api/create-vendor", () => {
  it("creates the vendor as typed (phone masked, state upper-cased), audits it and announces vendorCreated", async () => {
    const body = vendorBody();
    api.announced.length = 0;
    const response = await create(body);
    expect(response).toEqual({
      status: 200,
      body: { ok: true, VendorID: expect.any(Number), message: VENDOR_MESSAGES.created },
    });
    const id = response.body.VendorID as number;
    expect(await db.vendor.findUniqueOrThrow({ where: { id } })).toMatchObject({
      name: body.Name,
      normalizedName: normalizeVendorName(body.Name),
      state: "KS",
      phone: "(316) 555-0142",
      mobile: null,
      address2: null,
      cargoIns: 250000,
      insExp: new Date("2027-06-30T00:00:00Z"),
      entityType: "LLC",
      vendorType: "TRANSPORTER",
    });
    expect(await db.auditLog.findFirstOrThrow({ where: { entityType: "Vendor", entityId: id } })).toMatchObject({
      action: "create",
      changedData: expect.objectContaining({ Name: `Name: !Name: ${body.Name}` }),
    });
    expect(api.announced).toEqual([
      { event: "vendorCreated", payload: { VendorID: id, Name: body.Name, VendorType: "TRANSPORTER" } },
    ]);
    expect(await api.call("GET", `/api/vendors/${id}`, { token: reader })).toMatchObject({
      status: 200,
      body: { Name: body.Name, Phone: "(316) 555-0142", State: "KS", EntityType: "LLC", InsExp: "2027-06-30" },
    });
  });

  it("stores T/E and defaults the type to TRANSPORTER", async () => {
    const response = await create(vendorBody(undefined, { EntityType: "T/E", VendorType: undefined }));
    const row = await db.vendor.findUniqueOrThrow({ where: { id: response.body.VendorID as number } });
    expect(row).toMatchObject({ entityType: "TE", vendorType: "TRANSPORTER" });
    expect(await api.call("GET", `/api/vendors/${row.id}`, { token: reader })).toMatchObject({
      body: { EntityType: "T/E" },
    });
  });

  it("refuses blanks, a bad e-mail and bad fields with the specification's messages, writing nothing", async () => {
    await refusedWithoutWriting(async () => {
      expect(await create(vendorBody(undefined, { City: " ", Email: "" }))).toEqual({
        status: 400,
        body: {
          error: "Please fill out all required fields.",
          errors: { City: ["City is required."], Email: ["Email is required."] },
        },
      });
      expect(await create(vendorBody(undefined, { Email: "dispatch at prairie" }))).toEqual({
        status: 400,
        body: {
          error: "Please make sure the Email field is a valid email.",
          errors: { Email: ["Please make sure the Email field is a valid email."] },
        },
      });
      expect(await create(vendorBody(undefined, { CargoIns: -5 }))).toMatchObject({
        status: 400,
        body: { error: VENDOR_MESSAGES.cargoIns, errors: { CargoIns: [VENDOR_MESSAGES.cargoIns] } },
      });
      expect(await create(vendorBody(undefined, { EntityType: "LTD", ZipCode: "6720" }))).toMatchObject({
        status: 400,
        body: { errors: { EntityType: [VENDOR_MESSAGES.entityType], ZipCode: ["Zip Code must be 5 digits."] } },
      });
      expect(await create(vendorBody("LLC"))).toMatchObject({
        status: 400,
        body: { errors: { Name: [VENDOR_MESSAGES.nameWithoutWords] } },
      });
      expect(await create([1, 2])).toMatchObject({ status: 400 });
    });
  });

  it("refuses an exact duplicate (after normalising) with a line per vendor, and allows a similar name", async () => {
    const name = unique("Oneil Hauling");
    await create(vendorBody(name));
    const spelled = name.replace("Oneil", "O'Neil") + " Inc.";
    const refused = await refusedWithoutWriting(() => create(vendorBody(spelled)));
    expect(refused).toEqual({
      status: 409,
      body: {
        error: VENDOR_NAME_MESSAGES.used(name),
        errors: { Name: [VENDOR_NAME_MESSAGES.used(name)] },
      },
    });
    // A comma keeps a name only similar: the API (like the specification's call) lets it through.
    expect(await create(vendorBody(`${name},`))).toMatchObject({ status: 200 });
  });

  it("gives one of two simultaneous creates of the same vendor the vendor, the other a 409", async () => {
    const name = unique("Twin Rivers Freight");
    const answers = await Promise.all([create(vendorBody(name)), create(vendorBody(`${name} LLC`))]);
    expect(answers.map((answer) => answer.status).toSorted()).toEqual([200, 409]);
    expect(await db.vendor.count({ where: { normalizedName: normalizeVendorName(name) } })).toBe(1);
  });

  it("answers 401 without, with a garbage and with a revoked token, and 403 without transport-edit", async () => {
    const revokedActor = await actorWith(db, ["transport-edit"]);
    const revoked = api.tokenFor(revokedActor);
    await db.user.update({
      where: { id: revokedActor.user.id },
      data: { tokensValidAfter: new Date(Date.now() + 60_000) },
    });
    await refusedWithoutWriting(async () => {
      expect((await create(vendorBody(), null)).status).toBe(401);
      expect((await create(vendorBody(), "not-a-token")).status).toBe(401);
      expect((await create(vendorBody(), revoked)).status).toBe(401);
      expect(await create(vendorBody(), reader)).toEqual({ status: 403, body: { error: VENDOR_MESSAGES.forbidden } });
    });
  });
});

describe("PUT /api/edit-vendor", () => {
  it("saves the changes, audits only what changed, and keeps the vendor's own name from counting as a duplicate", async () => {
    const body = vendorBody();
    const id = (await create(body)).body.VendorID as number;
    const response = await edit({ ...body, VendorID: id, City: "Topeka", ZipCode: "66603" });
    expect(response).toEqual({ status: 200, body: { ok: true, VendorID: id, message: VENDOR_MESSAGES.saved } });
    expect(await db.vendor.findUniqueOrThrow({ where: { id } })).toMatchObject({ city: "Topeka", zipCode: "66603" });
    const audit = await db.auditLog.findFirstOrThrow({ where: { entityType: "Vendor", entityId: id, action: "edit" } });
    expect(audit.changedData).toEqual({
      City: "City: Wichita!City: Topeka",
      "Zip Code": "Zip Code: 67202!Zip Code: 66603",
    });
  });

  it("refuses a rename onto another vendor, an unknown vendor and a missing id", async () => {
    const taken = unique("Harbor Towing");
    await create(vendorBody(taken));
    const id = (await create(vendorBody())).body.VendorID as number;
    await refusedWithoutWriting(async () => {
      expect(await edit({ ...vendorBody(taken.toUpperCase()), VendorID: id })).toMatchObject({
        status: 409,
        body: { error: VENDOR_NAME_MESSAGES.used(taken) },
      });
      expect(await edit({ ...vendorBody(), VendorID: 999_999 })).toEqual({
        status: 404,
        body: { error: VENDOR_MESSAGES.notFound },
      });
      expect(await edit({ ...vendorBody(), VendorID: "0x10" })).toMatchObject({
        status: 400,
        body: { error: VENDOR_MESSAGES.chooseVendor },
      });
      expect((await edit({ ...vendorBody(), VendorID: id }, reader)).status).toBe(403);
    });
  });
});

describe("GET /api/vendors/name-check, /api/vendors and /api/vendors/{VendorID}", () => {
  it("lists exact matches first, then similar ones, and leaves the edited vendor out", async () => {
    const base = unique("Swift Haul Transport");
    const exactId = (await create(vendorBody(base))).body.VendorID as number;
    const similarId = (await create(vendorBody(`${base}ation`))).body.VendorID as number;
    const check = (query: string) => api.call("GET", `/api/vendors/name-check?${query}`, { token: reader });
    expect(await check(`Name=${encodeURIComponent(`${base.replace(" ", "-")} LLC`)}`)).toEqual({
      status: 200,
      body: {
        verdict: "exact",
        matches: [
          { VendorID: exactId, Name: base, match: "exact" },
          { VendorID: similarId, Name: `${base}ation`, match: "similar" },
        ],
      },
    });
    expect(await check(`Name=${encodeURIComponent(base)}&VendorID=${exactId}`)).toMatchObject({
      body: { verdict: "similar", matches: [{ VendorID: similarId }] },
    });
    expect(await check(`Name=${encodeURIComponent(unique("Zebra Quokka Movers"))}`)).toEqual({
      status: 200,
      body: { verdict: "new", matches: [] },
    });
    expect((await check(`VendorID=abc&Name=x`)).status).toBe(400);
    expect((await check("Name=x")).status).toBe(200);
    expect(
      (await api.call("GET", "/api/vendors/name-check?Name=x", { token: await tokenFor(["onboarding"]) })).status,
    ).toBe(403);
    expect((await api.call("GET", "/api/vendors/name-check?Name=x")).status).toBe(401);
  });

  it("pages, searches and filters the vendors; reads one; 404 for none", async () => {
    const name = unique("Quarry Body Shop");
    const id = (await create(vendorBody(name, { VendorType: "BODY_SHOP" }))).body.VendorID as number;
    const found = await api.call("GET", `/api/vendors?search=${encodeURIComponent(name)}&type=BODY_SHOP`, {
      token: reader,
    });
    expect(found).toMatchObject({
      status: 200,
      body: { total: 1, vendors: [{ VendorID: id, VendorType: "BODY_SHOP" }] },
    });
    expect(
      (await api.call("GET", `/api/vendors?search=${encodeURIComponent(name)}&type=TRANSPORTER`, { token: reader }))
        .body,
    ).toMatchObject({ total: 0 });
    expect((await api.call("GET", "/api/vendors/999999", { token: reader })).status).toBe(404);
    expect((await api.call("GET", "/api/vendors/1e3", { token: reader })).status).toBe(404);
    expect((await api.call("GET", `/api/vendors/${id}`, { token: await tokenFor(["sales"]) })).status).toBe(403);
  });
});

describe("the duplicate check's similarity", () => {
  // ASCII names: a database in the C locale (the embedded one) splits words at letters beyond ASCII,
  // which the rule reads as letters.
  it("scores exactly as pg_trgm does on real-looking names", async () => {
    const names = [
      "swifthaultransport",
      "swifthaultransportation",
      "aandbtransport,",
      "oneilhauling",
      "smythtrucking",
      "smithtrucking",
      "acmetowingandrecovery",
      "bluelinecarriers",
      "redlinecarriers",
      "jbhunt",
      "l&m",
    ];
    const pairs = names.flatMap((a) => names.map((b) => [a, b] as const));
    const rows = await db.$queryRawUnsafe<{ a: string; b: string; score: number }[]>(
      `SELECT a, b, similarity(a, b)::float8 AS score FROM unnest($1::text[], $2::text[]) AS t(a, b)`,
      pairs.map(([a]) => a),
      pairs.map(([, b]) => b),
    );
    for (const row of rows) expect(trigramSimilarity(row.a, row.b), `${row.a} / ${row.b}`).toBeCloseTo(row.score, 5);
  });
});

describe("the vendor dialog (no JavaScript)", () => {
  let dialogEditor: Awaited<ReturnType<typeof actorWith>>;
  beforeAll(async () => {
    dialogEditor = await actorWith(db, ["transport-edit"]);
  });
  const vendorsPage = async (path: string, permissions: PermissionName[]) =>
    (await vendorsLoader(pageRouteArgs(api.services, await actorWith(db, permissions), path) as never)) as Awaited<
      ReturnType<typeof vendorsLoader>
    >;
  const postVendors = (
    path: string,
    form: Record<string, string>,
    actor: Awaited<ReturnType<typeof actorWith>> = dialogEditor,
  ) => postPageForm(vendorsAction, api.services, actor, path, form);
  const form = (name: string, extra: Record<string, string> = {}) => ({
    intent: "save-vendor",
    ...Object.fromEntries(
      Object.entries(vendorBody(name)).map(([key, value]) => [key, value === null ? "" : String(value)]),
    ),
    ...extra,
  });

  it("opens empty for a new vendor (Create Vendor) and filled for an edit (Edit Vendor) on the vendors page", async () => {
    const name = unique("Gateway Carriers");
    const id = (await create(vendorBody(name))).body.VendorID as number;
    const created = await vendorsPage("/vendors?modal=vendorModal", ["transport-edit"]);
    expect(created.dialog).toMatchObject({ name: "vendorModal", title: "Create Vendor", error: null });
    expect((created.dialog!.data as VendorDialogData).values).toMatchObject({ Name: "", VendorType: "TRANSPORTER" });
    const edited = await vendorsPage(`/vendors?modal=vendorModal&vendorId=${id}`, ["transport-edit"]);
    expect(edited.dialog).toMatchObject({ title: "Edit Vendor", data: { vendorId: id, values: { Name: name } } });
    expect((await vendorsPage("/vendors?modal=vendorModal&vendorId=0x10", ["transport-edit"])).dialog).toMatchObject({
      error: VENDOR_MESSAGES.chooseVendor,
      status: 400,
    });
    // A reader of the page without transport-edit sees the list, not the dialog.
    const readOnly = await vendorsPage("/vendors?modal=vendorModal", ["transport"]);
    expect(readOnly.mayEdit).toBe(false);
    expect(readOnly.dialog).toMatchObject({ status: 403 });
  });

  it("asks to confirm a similar name, saves once confirmed, and closes the dialog keeping the list's view", async () => {
    const base = unique("Lincoln Carrier");
    await create(vendorBody(base));
    const path = "/vendors?search=lincoln&sort=city&modal=vendorModal";
    const refused = await refusedWithoutWriting(() => postVendors(path, form(`${base}s`)));
    expect(refused).toEqual({
      status: 409,
      location: null,
      data: expect.objectContaining({
        message: VENDOR_NAME_MESSAGES.similar,
        fieldErrors: { Name: [VENDOR_NAME_MESSAGES.used(base)] },
      }),
    });
    const saved = await postVendors(path, form(`${base}s`, { ConfirmSimilar: "1" }));
    expect(saved).toEqual({ status: 303, location: "/vendors?search=lincoln&sort=city", data: null });
    expect(await db.vendor.count({ where: { name: `${base}s` } })).toBe(1);
  });

  it("checks a name without saving, and refuses an exact duplicate even when confirmed", async () => {
    const base = unique("Red Mesa Logistics");
    await create(vendorBody(base));
    const checked = await refusedWithoutWriting(() =>
      postVendors("/vendors?modal=vendorModal", { intent: "check-vendor-name", Name: `${base} LLC` }),
    );
    expect(checked).toMatchObject({
      status: 200,
      data: { message: VENDOR_NAME_MESSAGES.used(base), fieldNotes: { Name: [VENDOR_NAME_MESSAGES.used(base)] } },
    });
    const exact = await refusedWithoutWriting(() =>
      postVendors("/vendors?modal=vendorModal", form(`${base}.`, { ConfirmSimilar: "1" })),
    );
    expect(exact).toMatchObject({ status: 409, data: { message: VENDOR_NAME_MESSAGES.used(base) } });
    const transportOnly = await actorWith(db, ["transport"]);
    expect(await postVendors("/vendors?modal=vendorModal", form(unique("Blank Check")), transportOnly)).toMatchObject({
      status: 403,
    });
  });

  it("is offered on the transport board to holders of transport-edit, and saves there", async () => {
    const board = await loadBoard(api.services, await actorWith(db, ["transport", "transport-edit"]), "/transport");
    expect(board.tools).toEqual([{ label: "Create Vendor", modal: "vendorModal" }]);
    expect((await loadBoard(api.services, await actorWith(db, ["transport"]), "/transport")).tools).toEqual([]);
    const name = unique("Board Made Carriers");
    api.announced.length = 0;
    const saved = await postBoardForm(
      api.services,
      await actorWith(db, ["transport", "transport-edit"]),
      "/transport?filter=abc&modal=vendorModal",
      form(name),
    );
    expect(saved).toEqual({ status: 303, location: "/transport?filter=abc", data: null });
    expect(await db.vendor.count({ where: { name } })).toBe(1);
  });
});
