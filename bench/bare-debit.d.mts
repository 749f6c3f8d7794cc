import type { Pool } from "pg";

export function bareDebit(
  pool: Pool,
  request: { accountId: number; externalId: string; partnerId: string | number },
): Promise<boolean>;
