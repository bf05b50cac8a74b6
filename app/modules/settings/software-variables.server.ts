// Software variables (SoftwareVariable, docs/data-model.md): named values in groups ('Software' holds
// 'Owners Stats Permissions', 'Employee Management Permissions', ...), read by GET
// /api/variables/get-variables?Group=….
import { z } from "zod";
import type { Db } from "~/modules/platform/services.server.ts";

export const INVALID_GROUP_MESSAGE = "Group is required: letters, digits, spaces, '-' or '_', at most 40 characters";

export const variableGroupSchema = z
  .string({ message: INVALID_GROUP_MESSAGE })
  .trim()
  .regex(/^[A-Za-z0-9 _-]{1,40}$/, { message: INVALID_GROUP_MESSAGE });

export interface SoftwareVariableRecord {
  VariableName: string;
  VariableValue: string;
}

/** The group's variables by name, in the spec's record shape. An unknown group has none. */
export async function listVariables(db: Db, group: string): Promise<SoftwareVariableRecord[]> {
  const rows = await db.softwareVariable.findMany({
    where: { group },
    select: { name: true, value: true },
    orderBy: { name: "asc" },
  });
  return rows.map((row) => ({ VariableName: row.name, VariableValue: row.value }));
}
