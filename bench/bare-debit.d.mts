import type { Pool } from "pg";

export interface ReferenceStatementShape {
  text: string;
  parameterNames: string[];
  values: Record<string, unknown>;
}

export function referenceDebit(
  pool: Pool,
  statement: ReferenceStatementShape,
  request: { membershipNumber: string; accessTokenId: string; externalId: string },
): Promise<boolean>;

export function journalOnlyDebit(
  pool: Pool,
  request: { accountId: number; externalId: string; partnerId: string | number },
): Promise<boolean>;
