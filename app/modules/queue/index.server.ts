// The queue operations (ADR 011), for the JSON API (server/api/queue.ts) and the /queue form route.
export { approveOrder, approveInput } from "./order-approval.server.ts";
export { assignCarrier, completeTransport, assignCarrierInput, completeTransportInput } from "./transport.server.ts";
export { moveUnitStatus, unitStatusInput } from "./unit-status.server.ts";
export type { OperationActor, OperationResult } from "../operations/operation.server.ts";
