import type { Database } from "@/server/db/connect";
import { serviceRules } from "@/server/loyalty/rules/rule-tables";
import type { Sandbox } from "./sandbox-file";
import { idOf, type IdMap } from "./id-map";

type ProgrammeRules = {
  acceptsCredits: boolean;
  acceptsReversals: boolean;
  transactionsVariant: "primary" | "other" | null;
};

/** What sandbox.json's `operationProgrammes` says of one programme. */
export function programmeRulesOf(sandbox: Sandbox, identifier: string): ProgrammeRules {
  const rules = sandbox.operationProgrammes;
  const primary = rules.retrieveTransactionsPrimaryVariant.includes(identifier);
  const other = rules.retrieveTransactionsOtherVariant.includes(identifier);
  if (primary && other) throw new Error(`Sandbox gives ${identifier} both variants of retrieve transactions`);
  return {
    acceptsCredits: rules.credit.includes(identifier),
    acceptsReversals: rules.reverse.includes(identifier),
    transactionsVariant: primary ? "primary" : other ? "other" : null,
  };
}

/** Every programme `operationProgrammes` names must exist: a typo would silently switch an operation off. */
export function assertRulesNameKnownProgrammes(sandbox: Sandbox): void {
  const known = new Set(sandbox.programmes.map((programme) => programme.identifier));
  const rules = sandbox.operationProgrammes;
  const named = [
    ...rules.retrieveTransactionsPrimaryVariant,
    ...rules.retrieveTransactionsOtherVariant,
    ...rules.credit,
    ...rules.reverse,
    rules.debitPartnerMustBeAssociatedWith,
  ];
  for (const identifier of named) {
    if (!known.has(identifier))
      throw new Error(`Sandbox names an unknown programme in operationProgrammes: ${identifier}`);
  }
}

/** The service's one row of rules. */
export async function insertServiceRules(db: Database, sandbox: Sandbox, programmeIds: IdMap): Promise<void> {
  await db.insert(serviceRules).values({
    id: 1,
    svcClientApplicationName: sandbox.svcClientApplicationName,
    authorisationCodeSeconds: sandbox.authorisationCodeSeconds,
    debitPartnerProgrammeId: idOf(
      programmeIds,
      sandbox.operationProgrammes.debitPartnerMustBeAssociatedWith,
      "programme",
    ),
  });
}
