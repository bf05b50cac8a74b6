// Every group of endpoints of the HTTP API and the router that serves it (ADR 031). server/app.ts mounts
// the routers from this list, in this order, and the OpenAPI document lists the endpoints from it, so a
// router that is served is documented. Each router is mounted at the root: its routes carry their full
// paths, which is what the route walk of tests/integration/api/openapi.test.ts compares with the document.
import type { AppServices } from "../../app/modules/platform/services.server.ts";
import { CARDS_ENDPOINTS, createCardsRouter } from "./cards.ts";
import { createCreditMemosRouter, CREDIT_MEMOS_ENDPOINTS } from "./credit-memos.ts";
import { createDamageReportsRouter, DAMAGE_REPORTS_ENDPOINTS } from "./damage-reports.ts";
import { createDepartmentEditRouter, DEPARTMENT_EDIT_ENDPOINTS } from "./department-edit.ts";
import type { ApiEndpoint, ApiModule } from "./endpoint.ts";
import { createEmployeeAccessRouter, EMPLOYEE_ACCESS_ENDPOINTS } from "./employee-access.ts";
import { createFeedbackRouter, FEEDBACK_ENDPOINTS } from "./feedback.ts";
import { createHealthRouter, HEALTH_ENDPOINTS } from "./health.ts";
import { createListingsRouter, LISTINGS_ENDPOINTS } from "./listings.ts";
import { createMicrosoftRouter, MICROSOFT_ENDPOINTS } from "./microsoft.ts";
import { createNotesRouter, NOTES_ENDPOINTS } from "./notes.ts";
import { createOffRentEditRouter, OFF_RENT_EDIT_ENDPOINTS } from "./off-rent-edit.ts";
import { createOnRentEditRouter, ON_RENT_EDIT_ENDPOINTS } from "./on-rent-edit.ts";
import { createOpenApiRouter, OPENAPI_ENDPOINTS } from "./openapi.ts";
import { createOrderCancelRouter, ORDER_CANCEL_ENDPOINTS } from "./order-cancel.ts";
import { createOrderPriorityRouter, ORDER_PRIORITY_ENDPOINTS } from "./order-priority.ts";
import { createQueueRouter, QUEUE_ENDPOINTS } from "./queue.ts";
import { createSettingsRouter, SETTINGS_ENDPOINTS } from "./settings.ts";
import { createSplitsRouter, SPLITS_ENDPOINTS } from "./splits.ts";
import { createStatusDetailsRouter, STATUS_DETAILS_ENDPOINTS } from "./status-details.ts";
import { createTrackingRouter, TRACKING_ENDPOINTS } from "./tracking.ts";
import { createTradeConvertRouter, TRADE_CONVERT_ENDPOINTS } from "./trade-convert.ts";
import { createTradeOffEditRouter, TRADE_OFF_EDIT_ENDPOINTS } from "./trade-off-edit.ts";
import { createTradeOnEditRouter, TRADE_ON_EDIT_ENDPOINTS } from "./trade-on-edit.ts";
import { createUnitSearchRouter, UNIT_SEARCH_ENDPOINTS } from "./unit-search.ts";
import { createUsersRouter, USERS_ENDPOINTS } from "./users.ts";
import { createVendorsRouter, VENDORS_ENDPOINTS } from "./vendors.ts";

const group = (endpoints: Readonly<Record<string, ApiEndpoint>>) => Object.values(endpoints);

export const API_MODULES: readonly ApiModule<AppServices>[] = [
  { endpoints: group(HEALTH_ENDPOINTS), router: createHealthRouter },
  { endpoints: group(USERS_ENDPOINTS), router: createUsersRouter },
  { endpoints: group(MICROSOFT_ENDPOINTS), router: createMicrosoftRouter },
  { endpoints: group(TRACKING_ENDPOINTS), router: createTrackingRouter },
  { endpoints: group(FEEDBACK_ENDPOINTS), router: createFeedbackRouter },
  { endpoints: group(SETTINGS_ENDPOINTS), router: createSettingsRouter },
  { endpoints: group(CARDS_ENDPOINTS), router: createCardsRouter },
  { endpoints: group(QUEUE_ENDPOINTS), router: createQueueRouter },
  { endpoints: group(NOTES_ENDPOINTS), router: createNotesRouter },
  { endpoints: group(ORDER_CANCEL_ENDPOINTS), router: createOrderCancelRouter },
  { endpoints: group(ORDER_PRIORITY_ENDPOINTS), router: createOrderPriorityRouter },
  { endpoints: group(ON_RENT_EDIT_ENDPOINTS), router: createOnRentEditRouter },
  { endpoints: group(OFF_RENT_EDIT_ENDPOINTS), router: createOffRentEditRouter },
  { endpoints: group(TRADE_ON_EDIT_ENDPOINTS), router: createTradeOnEditRouter },
  { endpoints: group(TRADE_OFF_EDIT_ENDPOINTS), router: createTradeOffEditRouter },
  { endpoints: group(VENDORS_ENDPOINTS), router: createVendorsRouter },
  { endpoints: group(TRADE_CONVERT_ENDPOINTS), router: createTradeConvertRouter },
  { endpoints: group(EMPLOYEE_ACCESS_ENDPOINTS), router: createEmployeeAccessRouter },
  { endpoints: group(DEPARTMENT_EDIT_ENDPOINTS), router: createDepartmentEditRouter },
  { endpoints: group(CREDIT_MEMOS_ENDPOINTS), router: createCreditMemosRouter },
  { endpoints: group(LISTINGS_ENDPOINTS), router: createListingsRouter },
  { endpoints: group(STATUS_DETAILS_ENDPOINTS), router: createStatusDetailsRouter },
  { endpoints: group(UNIT_SEARCH_ENDPOINTS), router: createUnitSearchRouter },
  { endpoints: group(DAMAGE_REPORTS_ENDPOINTS), router: createDamageReportsRouter },
  { endpoints: group(SPLITS_ENDPOINTS), router: createSplitsRouter },
  { endpoints: group(OPENAPI_ENDPOINTS), router: (services) => createOpenApiRouter(services, apiEndpoints) },
];

/** Every declared endpoint, in the order the routers are mounted. */
export function apiEndpoints(): readonly ApiEndpoint[] {
  return API_MODULES.flatMap((module) => module.endpoints);
}
