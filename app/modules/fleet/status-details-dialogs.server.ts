// The status details dialog statusDetailsModal (ADR 044) on /statuscount: its loader reads the slice the
// URL names (`?modal=statusDetailsModal&status=NEW&item=…&page=2&perPage=50&sort=…&dir=…`) one page at a
// time, and its intents set Rental Use and lateness overrides through the same operations as the JSON
// API. Each intent stays in the dialog, so the person who clicked sees the list read again at once.
import { fieldText } from "../../rules/dialogs/board-dialog.ts";
import {
  CLEAR_LATE_OVERRIDE_INTENT,
  mayOverrideLateness,
  parseStatusDetailsSearch,
  RENTAL_USE_CHANGE_FROM,
  RENTAL_USE_CHANGE_TYPE_ID,
  SET_LATE_OVERRIDE_INTENT,
  SET_RENTAL_USE_INTENT,
  showsRentalUse,
  showsRentalUseButtons,
  STATUS_DETAILS_DIALOG,
  statusHeading,
} from "../../rules/fleet/status-details.ts";
import { serveBoardDialog } from "../dialogs/board-dialog-kit.server.ts";
import { refuse } from "../operations/operation.server.ts";
import { changeLateOverride } from "./late-override.server.ts";
import { rentalUseOverrideVariable, setRentalUse } from "./rental-use.server.ts";
import { statusDetailsPage } from "./status-details.server.ts";

export const STATUS_DETAILS_DIALOG_SERVER = serveBoardDialog(STATUS_DETAILS_DIALOG, {
  load: async ({ db, actor, search, now }) => {
    const parsed = parseStatusDetailsSearch(search);
    if (!parsed.ok) return refuse(parsed.status, parsed.message);
    const query = parsed.value;
    const [page, variable] = await Promise.all([statusDetailsPage(db, query, now), rentalUseOverrideVariable(db)]);
    const gate = { permissionIds: actor.permissions, userId: actor.user.id, rentalUseOverrideVariable: variable };
    return {
      titleContext: {},
      data: {
        query: { ...query, page: page.page },
        heading: statusHeading(query.status),
        rows: page.rows,
        total: page.total,
        page: page.page,
        pageCount: page.pageCount,
        showsRentalUse: showsRentalUse(query.status, actor.permissions),
        showsRentalUseButtons: showsRentalUseButtons(query.status, gate),
        overridable: page.rows
          .filter((row) => mayOverrideLateness(row.TruckStatusDescription, actor.permissions))
          .map((row) => row.UnitNumber),
        notice: search.get("notice"),
      },
    };
  },
  intents: {
    [SET_RENTAL_USE_INTENT]: async ({ db, actor }, fields) => ({
      ...(await setRentalUse(db, actor, {
        UnitNumber: fieldText(fields, "UnitNumber") ?? "",
        NewValue: fieldText(fields, "NewValue") ?? "",
        ChangeTypeID: RENTAL_USE_CHANGE_TYPE_ID,
        ChangeFrom: RENTAL_USE_CHANGE_FROM,
      })),
      stayOpen: true,
    }),
    [SET_LATE_OVERRIDE_INTENT]: async ({ db, actor }, fields) => ({
      ...(await changeLateOverride(
        db,
        actor,
        {
          UnitNumber: fieldText(fields, "UnitNumber") ?? "",
          OverrideReason: fieldText(fields, "OverrideReason") ?? "",
        },
        true,
      )),
      stayOpen: true,
    }),
    [CLEAR_LATE_OVERRIDE_INTENT]: async ({ db, actor }, fields) => ({
      ...(await changeLateOverride(db, actor, { UnitNumber: fieldText(fields, "UnitNumber") ?? "" }, false)),
      stayOpen: true,
    }),
  },
});
