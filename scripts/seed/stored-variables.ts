// The software variables' own history for /stored-variables (ADR 044): the administrator added the sales
// lead to 'Rental Use Override Permissions' and the executive to 'Owners Stats Permissions', audited as
// the page writes them. Built last, so the ids of the other parts' rows stay as they were.
import { DEMO_ACCOUNTS } from "./accounts.ts";
import { timestampText } from "./clock.ts";
import type { SeedContext } from "./context.ts";

export function buildVariableHistory(ctx: SeedContext): void {
  const userId = (email: string) => ctx.staff[DEMO_ACCOUNTS.findIndex((account) => account.email === email)]!.id;
  const admin = userId("admin@fleetops.test");
  const variables = new Map(ctx.rowsOf("SoftwareVariable").map((row) => [String(row.name), row]));
  const changes = [
    { name: "Owners Stats Permissions", daysAgo: 60, before: String(admin) },
    { name: "Rental Use Override Permissions", daysAgo: 9, before: String(admin) },
  ];
  for (const change of changes) {
    const variable = variables.get(change.name);
    if (!variable) continue;
    const after = String(variable.value);
    ctx.add("AuditLog", {
      id: ctx.nextId("AuditLog"),
      entityType: "SoftwareVariable",
      entityId: Number(variable.id),
      formHistoryId: null,
      action: "variable-edit",
      changedData: JSON.stringify({ [change.name]: `${change.name}: ${change.before}!${change.name}: ${after}` }),
      userId: admin,
      changedAt: timestampText(ctx.clock.daysAgo(change.daysAgo)),
    });
  }
}
