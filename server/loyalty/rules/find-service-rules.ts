import { asc, eq } from "drizzle-orm";
import type { TransactionsVariant } from "@/lib/contract/retrieve-transactions";
import type { Database } from "@/server/db/connect";
import { programmes } from "@/server/loyalty/programmes/programme-tables";
import { serviceRules } from "./rule-tables";

/** The rules partner operations and token services follow, as the database holds them. */
export interface ServiceRules {
  /** The `svc_client_applicationName` P3's primary variant requires. */
  svcClientApplicationName: string;
  /** Seconds an authorisation code stays redeemable. */
  authorisationCodeSeconds: number;
  /** P5 is open only to partners registered with this programme. */
  debitPartnerProgramme: string;
  /** Programmes whose accounts P4 credits, in display order. */
  creditProgrammes: ReadonlySet<string>;
  /** Programmes whose debits P6 reverses, in display order. */
  reversalProgrammes: ReadonlySet<string>;
  /** Programme identifier → the variant of P3 that serves it. */
  transactionsVariants: ReadonlyMap<string, TransactionsVariant>;
}

/** Reads the rules; a database without its rules row is a fault of the service, not of a request. */
export async function findServiceRules(db: Database): Promise<ServiceRules> {
  const [rows, [settings]] = await Promise.all([
    db
      .select({
        identifier: programmes.identifier,
        acceptsCredits: programmes.acceptsCredits,
        acceptsReversals: programmes.acceptsReversals,
        transactionsVariant: programmes.transactionsVariant,
      })
      .from(programmes)
      .orderBy(asc(programmes.position)),
    db
      .select({
        svcClientApplicationName: serviceRules.svcClientApplicationName,
        authorisationCodeSeconds: serviceRules.authorisationCodeSeconds,
        debitPartnerProgramme: programmes.identifier,
      })
      .from(serviceRules)
      .innerJoin(programmes, eq(programmes.id, serviceRules.debitPartnerProgrammeId))
      .limit(1),
  ]);
  if (!settings) throw new Error("loyalty.service_rules holds no row: the database was not seeded");
  const identifiersWhere = (holds: (row: (typeof rows)[number]) => boolean) =>
    new Set(rows.filter(holds).map((row) => row.identifier));
  return {
    ...settings,
    creditProgrammes: identifiersWhere((row) => row.acceptsCredits),
    reversalProgrammes: identifiersWhere((row) => row.acceptsReversals),
    transactionsVariants: new Map(
      rows.flatMap((row) => (row.transactionsVariant ? [[row.identifier, row.transactionsVariant] as const] : [])),
    ),
  };
}
