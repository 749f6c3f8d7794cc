import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  char,
  check,
  date,
  index,
  integer,
  jsonb,
  pgSchema,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";

/** Everything the loyalty service owns lives in its own Postgres schema. */
export const loyalty = pgSchema("loyalty");

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

// ---------------------------------------------------------------- partners

export const partners = loyalty.table("partners", {
  id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
  partnerIdentifier: varchar("partner_identifier", { length: 20 }).notNull().unique(),
  name: varchar("name", { length: 100 }).notNull(),
  status: varchar("status", { length: 10 }).notNull().$type<"ACTIVE" | "INACTIVE">(),
  /** Partner name written into credit transactions (`externalSource`). */
  externalSource: varchar("external_source", { length: 10 }),
  reversalWindowHours: integer("reversal_window_hours").notNull().default(24),
  /** The partner's agreed pricing configuration (P9), as in sandbox.json. */
  pricingConfiguration: jsonb("pricing_configuration"),
  /**
   * Requests each of the partner's api keys may make per second, and per UTC
   * day (USAGE_RATE_EXCEEDED, USAGE_RATE_LIMIT_EXCEEDED). The defaults are the
   * sandbox's: generous enough for a partner's test suite and the benchmark.
   */
  requestsPerSecond: integer("requests_per_second").notNull().default(2_000),
  requestsPerDay: integer("requests_per_day").notNull().default(10_000_000),
  /**
   * A prospective partner's own sandbox, made at a developer's sign-up: its
   * agents reach only its own member copies (docs/decisions.md, "Developer console").
   */
  developerSandbox: boolean("developer_sandbox").notNull().default(false),
  createdAt: createdAt(),
});

export const apiKeys = loyalty.table("api_keys", {
  id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
  partnerId: integer("partner_id")
    .notNull()
    .references(() => partners.id, { onDelete: "cascade" }),
  /** SHA-256 of the key: a stolen table does not hand out working keys. */
  keyHash: char("key_hash", { length: 64 }).notNull().unique(),
  /** First characters of the key, for logs and the staff console. */
  keyPrefix: varchar("key_prefix", { length: 8 }).notNull(),
  environment: varchar("environment", { length: 10 }).notNull().$type<"staging" | "live">(),
  revokedAt: timestamp("revoked_at", { withTimezone: true }),
  /** Written at most every few seconds per instance (server/loyalty/developers/key-usage.ts). */
  lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
  createdAt: createdAt(),
});

// ---------------------------------------------------------------- programmes

export const programmes = loyalty.table(
  "programmes",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    identifier: varchar("identifier", { length: 20 }).notNull().unique(),
    name: varchar("name", { length: 100 }).notNull(),
    role: varchar("role", { length: 10 }).notNull().$type<"primary" | "further" | "other">(),
    /** The organisation that runs the programme (`programmePartner`), absent for some. */
    organisationIdentifier: varchar("organisation_identifier", { length: 20 }),
    organisationName: varchar("organisation_name", { length: 100 }),
    /** Display order in programme lists. */
    position: integer("position").notNull(),
    /** P4 credits accounts of this programme. */
    acceptsCredits: boolean("accepts_credits").notNull().default(false),
    /** P6 reverses debits of this programme's accounts. */
    acceptsReversals: boolean("accepts_reversals").notNull().default(false),
    /** Which variant of P3 serves the programme's transactions; null: none. */
    transactionsVariant: varchar("transactions_variant", { length: 10 }).$type<"primary" | "other">(),
  },
  (t) => [check("programmes_transactions_variant", sql`${t.transactionsVariant} in ('primary', 'other')`)],
);

/**
 * The service's own rules, one row (sandbox.json seeds it): read through a
 * short cache (server/loyalty/rules), never from the seed file at run time.
 */
export const serviceRules = loyalty.table(
  "service_rules",
  {
    id: smallint("id").primaryKey().default(1),
    /** The `svc_client_applicationName` partners register and P3's primary variant requires. */
    svcClientApplicationName: varchar("svc_client_application_name", { length: 50 }).notNull(),
    /** Seconds an authorisation code stays redeemable (spec: 2 minutes). */
    authorisationCodeSeconds: integer("authorisation_code_seconds").notNull(),
    /** P5 is open only to partners registered with this programme. */
    debitPartnerProgrammeId: integer("debit_partner_programme_id")
      .notNull()
      .references(() => programmes.id),
  },
  (t) => [
    check("service_rules_single_row", sql`${t.id} = 1`),
    check("service_rules_code_seconds_positive", sql`${t.authorisationCodeSeconds} > 0`),
  ],
);

export const programmeCountries = loyalty.table(
  "programme_countries",
  {
    programmeId: integer("programme_id")
      .notNull()
      .references(() => programmes.id, { onDelete: "cascade" }),
    countryCode: char("country_code", { length: 2 }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.programmeId, t.countryCode] }),
    index("programme_countries_country_idx").on(t.countryCode),
  ],
);

export const partnerProgrammes = loyalty.table(
  "partner_programmes",
  {
    partnerId: integer("partner_id")
      .notNull()
      .references(() => partners.id, { onDelete: "cascade" }),
    programmeId: integer("programme_id")
      .notNull()
      .references(() => programmes.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.partnerId, t.programmeId] })],
);

// ---------------------------------------------------------------- OAuth clients

export const oauthClients = loyalty.table("oauth_clients", {
  id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
  partnerId: integer("partner_id")
    .notNull()
    .references(() => partners.id, { onDelete: "cascade" }),
  clientId: varchar("client_id", { length: 40 }).notNull().unique(),
  /** argon2id hash of the client password or partner secret. */
  secretHash: text("secret_hash").notNull(),
  /** `member_login`: A1/A2 of the primary programme; `further_programmes`: A3/A4. */
  kind: varchar("kind", { length: 20 }).notNull().$type<"member_login" | "further_programmes">(),
  businessContextIdentifier: varchar("business_context_identifier", { length: 50 }),
  /** When the secret last authenticated the client (A2, A4, revocation). */
  lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
  secretRolledAt: timestamp("secret_rolled_at", { withTimezone: true }),
  createdAt: createdAt(),
});

export const oauthRedirectUris = loyalty.table(
  "oauth_redirect_uris",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    clientId: integer("client_id")
      .notNull()
      .references(() => oauthClients.id, { onDelete: "cascade" }),
    /** Compared byte for byte with what a request sends. */
    uri: text("uri").notNull(),
    /** Further programmes register one URI per programme. */
    programmeId: integer("programme_id").references(() => programmes.id, { onDelete: "cascade" }),
  },
  (t) => [uniqueIndex("oauth_redirect_uris_client_uri_uq").on(t.clientId, t.uri)],
);

// ---------------------------------------------------------------- members

export const members = loyalty.table("members", {
  id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
  membershipNumber: varchar("membership_number", { length: 24 }).notNull().unique(),
  firstName: varchar("first_name", { length: 100 }),
  familyName: varchar("family_name", { length: 100 }).notNull(),
  title: varchar("title", { length: 30 }),
  dateOfBirth: date("date_of_birth", { mode: "string" }),
  countryOfResidence: char("country_of_residence", { length: 2 }),
  languageCode: char("language_code", { length: 2 }),
  emailAddress: varchar("email_address", { length: 50 }),
  joinDate: date("join_date", { mode: "string" }).notNull(),
  /**
   * The postcode the programme holds on file (upper case, no spaces), which a
   * registration (P7) must give; not a postal address, which needs lines.
   */
  postCodeOnFile: varchar("post_code_on_file", { length: 8 }),
  /**
   * The developer sandbox partner owning this copy of a sandbox persona; null
   * for the shared sandbox members. Deleting the partner deletes its copies.
   */
  sandboxPartnerId: integer("sandbox_partner_id").references((): AnyPgColumn => partners.id, { onDelete: "cascade" }),
  /** The sandbox persona (its published membership number) this member is a copy of. */
  personaNumber: varchar("persona_number", { length: 24 }),
  createdAt: createdAt(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Programmes a membership is associated with (its own programme first). */
export const membershipProgrammes = loyalty.table(
  "membership_programmes",
  {
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    programmeId: integer("programme_id")
      .notNull()
      .references(() => programmes.id, { onDelete: "cascade" }),
    associatedAt: timestamp("associated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.programmeId] })],
);

export const accountStatuses = ["ACTIVE", "INACTIVE", "BLOCKED", "FRAUD", "CANCELLED", "DECEASED", "GROUP"] as const;
export type AccountStatus = (typeof accountStatuses)[number];

export const accounts = loyalty.table(
  "accounts",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    memberId: integer("member_id")
      .notNull()
      .unique()
      .references(() => members.id, { onDelete: "cascade" }),
    programmeId: integer("programme_id")
      .notNull()
      .references(() => programmes.id),
    accountType: varchar("account_type", { length: 10 }).notNull().$type<"INDIVIDUAL" | "HOUSEHOLD">(),
    status: varchar("status", { length: 10 }).notNull().$type<AccountStatus>(),
    /** Kept equal to the sum of the account's journal, changed only with a journal row. */
    balance: bigint("balance", { mode: "bigint" })
      .notNull()
      .default(sql`0`),
    lastActivityDate: date("last_activity_date", { mode: "string" }),
    createdAt: createdAt(),
  },
  (t) => [check("accounts_balance_not_negative", sql`${t.balance} >= 0`)],
);

export const postalAddresses = loyalty.table(
  "postal_addresses",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    type: varchar("type", { length: 10 }).notNull().$type<"PERSONAL" | "BUSINESS">(),
    lines: jsonb("lines").$type<string[]>().notNull(),
    countryCode: char("country_code", { length: 2 }).notNull(),
    postCode: varchar("post_code", { length: 8 }),
    validation: varchar("validation", { length: 10 }).notNull().default("SYSTEM").$type<"EXPLICIT" | "SYSTEM">(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("postal_addresses_member_type_uq").on(t.memberId, t.type)],
);

export const telecomAddresses = loyalty.table(
  "telecom_addresses",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    type: varchar("type", { length: 10 }).notNull().$type<"PERSONAL" | "BUSINESS">(),
    deviceType: varchar("device_type", { length: 10 }).notNull().$type<"PHONE" | "MOBILE">(),
    countryCode: varchar("country_code", { length: 5 }),
    areaCode: varchar("area_code", { length: 5 }),
    number: varchar("number", { length: 15 }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("telecom_addresses_member_kind_uq").on(t.memberId, t.type, t.deviceType)],
);

export const marketingPreferences = loyalty.table(
  "marketing_preferences",
  {
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    campaignType: varchar("campaign_type", { length: 20 }).notNull().$type<"TRAVEL_OFFERS" | "PARTNER">(),
    communicationChannel: varchar("communication_channel", { length: 10 }).notNull().$type<"POSTAL">(),
    indicator: char("indicator", { length: 1 }).notNull().$type<"Y" | "N">(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.campaignType] })],
);

export const contactPreferences = loyalty.table(
  "contact_preferences",
  {
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    communicationChannel: varchar("communication_channel", { length: 10 }).notNull().$type<"EMAIL" | "SMS" | "PHONE">(),
    indicator: char("indicator", { length: 1 }).notNull().$type<"Y" | "N">(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.communicationChannel] })],
);

/**
 * Identity documents the programme holds for a member: those on file before
 * registration (the sandbox's `registeredIdentifier`) and those a ZA
 * resident gives at registration (P7).
 */
export const registeredIdentifiers = loyalty.table("registered_identifiers", {
  id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
  memberId: integer("member_id")
    .notNull()
    .references(() => members.id, { onDelete: "cascade" }),
  type: varchar("type", { length: 30 }).notNull().$type<"PASSPORT" | "NATIONAL_IDENTITY_CARD">(),
  /** Stored hashed: a document number is not needed in clear after registration. */
  identifierHash: text("identifier_hash").notNull(),
});

// ---------------------------------------------------------------- security profiles and login

export const securityProfiles = loyalty.table("security_profiles", {
  id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
  memberId: integer("member_id")
    .notNull()
    .unique()
    .references(() => members.id, { onDelete: "cascade" }),
  /** Upper-case ASCII, unique across all members. */
  username: varchar("username", { length: 50 }).notNull().unique(),
  passwordHash: text("password_hash").notNull(),
  passwordExpired: boolean("password_expired").notNull().default(false),
  createdAt: createdAt(),
});

export const securityResponses = loyalty.table(
  "security_responses",
  {
    securityProfileId: integer("security_profile_id")
      .notNull()
      .references(() => securityProfiles.id, { onDelete: "cascade" }),
    questionId: smallint("question_id").notNull(),
    responseHash: text("response_hash").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.securityProfileId, t.questionId] }),
    check("security_responses_question_range", sql`${t.questionId} between 1 and 12`),
  ],
);

/** Failed logins per username, shared by every app instance. */
export const loginThrottles = loyalty.table("login_throttles", {
  username: varchar("username", { length: 50 }).primaryKey(),
  failedAttempts: integer("failed_attempts").notNull().default(0),
  firstFailedAt: timestamp("first_failed_at", { withTimezone: true }).notNull().defaultNow(),
  lockedUntil: timestamp("locked_until", { withTimezone: true }),
});

/**
 * Registrations (P7) whose details did not match what the programme holds,
 * per membership, shared by every app instance: like the login lockout, but
 * keyed by the membership under attack.
 */
export const registrationThrottles = loyalty.table("registration_throttles", {
  memberId: integer("member_id")
    .primaryKey()
    .references(() => members.id, { onDelete: "cascade" }),
  failedAttempts: integer("failed_attempts").notNull().default(0),
  firstFailedAt: timestamp("first_failed_at", { withTimezone: true }).notNull().defaultNow(),
  lockedUntil: timestamp("locked_until", { withTimezone: true }),
});

// ---------------------------------------------------------------- codes and tokens

export const authorisationCodes = loyalty.table(
  "authorisation_codes",
  {
    /** SHA-256 of the code; the code itself is only ever in the redirect. */
    codeHash: char("code_hash", { length: 64 }).primaryKey(),
    clientId: integer("client_id")
      .notNull()
      .references(() => oauthClients.id, { onDelete: "cascade" }),
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    programmeId: integer("programme_id")
      .notNull()
      .references(() => programmes.id),
    /** The redirect URI the code was issued for (null when the request named none). */
    redirectUri: text("redirect_uri"),
    scope: text("scope"),
    codeChallenge: varchar("code_challenge", { length: 128 }),
    codeChallengeMethod: varchar("code_challenge_method", { length: 10 }),
    authenticationLevel: varchar("authentication_level", { length: 20 }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    consumedAt: timestamp("consumed_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("authorisation_codes_expires_idx").on(t.expiresAt)],
);

/**
 * Every access and refresh token issued. Access tokens are JWTs whose `jti`
 * is the id here, so a signed token can still be revoked.
 */
export const tokens = loyalty.table(
  "tokens",
  {
    id: varchar("id", { length: 64 }).primaryKey(),
    kind: varchar("kind", { length: 10 }).notNull().$type<"access" | "refresh">(),
    /** All tokens descending from one authorisation code share a family. */
    familyId: varchar("family_id", { length: 64 }).notNull(),
    clientId: integer("client_id")
      .notNull()
      .references(() => oauthClients.id, { onDelete: "cascade" }),
    partnerId: integer("partner_id")
      .notNull()
      .references(() => partners.id, { onDelete: "cascade" }),
    memberId: integer("member_id").references(() => members.id, { onDelete: "cascade" }),
    programmeId: integer("programme_id").references(() => programmes.id),
    scope: text("scope"),
    /** SHA-256 of opaque tokens (refresh tokens); null for JWTs, found by id. */
    tokenHash: char("token_hash", { length: 64 }).unique(),
    authorisationCodeHash: char("authorisation_code_hash", { length: 64 }),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /** A rotated refresh token has been exchanged once; presenting it again revokes its family. */
    rotatedAt: timestamp("rotated_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [
    index("tokens_family_idx").on(t.familyId),
    index("tokens_code_idx").on(t.authorisationCodeHash),
    // The purge deletes expired tokens without reading the whole table.
    index("tokens_expires_idx").on(t.expiresAt),
  ],
);

/** Token signing keys, generated on first start and shared by every instance. */
export const signingKeys = loyalty.table("signing_keys", {
  kid: varchar("kid", { length: 64 }).primaryKey(),
  algorithm: varchar("algorithm", { length: 10 }).notNull(),
  publicJwk: jsonb("public_jwk").notNull(),
  privateJwk: jsonb("private_jwk").notNull(),
  active: boolean("active").notNull().default(true),
  /** Set when the key is retired: after this moment it no longer verifies anything, nor is it published. */
  verifyUntil: timestamp("verify_until", { withTimezone: true }),
  createdAt: createdAt(),
});

// ---------------------------------------------------------------- the journal

/**
 * OPENING is an account's opening balance: the points it held when it came
 * to the service, so its journal still sums to its balance. It is no partner
 * transaction: retrieve transactions never shows it.
 */
export const transactionKinds = ["CREDIT", "DEBIT", "REVERSAL", "OPENING"] as const;
export type TransactionKind = (typeof transactionKinds)[number];

/**
 * The append-only points journal. `pointsDelta` is signed (credits and
 * reversals positive, debits negative), so an account's journal sums to its
 * balance. The database refuses UPDATE and DELETE (see the migration).
 */
export const transactions = loyalty.table(
  "transactions",
  {
    id: bigint("id", { mode: "bigint" }).primaryKey().generatedAlwaysAsIdentity(),
    /** Public identifier returned to partners, alphanumeric, at most 32. */
    identifier: varchar("identifier", { length: 32 }).notNull().unique(),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id),
    partnerId: integer("partner_id").references(() => partners.id),
    kind: varchar("kind", { length: 10 }).notNull().$type<TransactionKind>(),
    pointsDelta: bigint("points_delta", { mode: "bigint" }).notNull(),
    description: text("description"),
    externalTransactionIdentifier: text("external_transaction_identifier"),
    externalTransactionDate: timestamp("external_transaction_date", { withTimezone: true }),
    externalReferenceIdentifier: text("external_reference_identifier"),
    externalReferenceDescription: text("external_reference_description"),
    externalPartnerIdentifier: varchar("external_partner_identifier", { length: 20 }),
    externalSource: varchar("external_source", { length: 10 }),
    /** A debit's internal reference, generated by the service (retrieve transactions shows it). */
    serviceReference: varchar("service_reference", { length: 10 }),
    productSummary: jsonb("product_summary"),
    /** The partner's staff member who keyed the entry in (offline channels, `X-Agent-Id`). */
    agentId: varchar("agent_id", { length: 50 }),
    /** A reversal points at the debit it reverses; unique, so a debit is reversed once. */
    reversedTransactionId: bigint("reversed_transaction_id", { mode: "bigint" }).unique(),
    dateMade: timestamp("date_made", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("transactions_account_date_idx").on(t.accountId, t.dateMade),
    uniqueIndex("transactions_partner_external_uq")
      .on(t.partnerId, t.kind, t.externalTransactionIdentifier)
      .where(sql`${t.externalTransactionIdentifier} is not null`),
    check(
      "transactions_delta_sign",
      sql`(${t.kind} = 'DEBIT' and ${t.pointsDelta} < 0) or (${t.kind} <> 'DEBIT' and ${t.pointsDelta} > 0)`,
    ),
  ],
);

/**
 * Who changed a membership and what (P8), one row per update that changed
 * anything: the partner, the agent of an offline channel (X-Agent-Id) and the
 * names of the elements written, never their values (those live in the
 * membership's own tables). Append-only, like the journal.
 */
export const membershipChanges = loyalty.table(
  "membership_changes",
  {
    id: bigint("id", { mode: "bigint" }).primaryKey().generatedAlwaysAsIdentity(),
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id),
    partnerId: integer("partner_id")
      .notNull()
      .references(() => partners.id),
    agentId: varchar("agent_id", { length: 50 }),
    /** E.g. `title`, `postalAddress.PERSONAL`, `contactPreference.EMAIL`, `programme.MERIDIAN`. */
    elements: jsonb("elements").$type<string[]>().notNull(),
    changedAt: timestamp("changed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("membership_changes_member_idx").on(t.memberId, t.changedAt)],
);

/**
 * A partner's `Idempotency-Key`s on the ledger's operations. A key is
 * claimed for a lease while its request runs; the ledger statement that moves
 * the points also records the movement here, in the same statement, so a key
 * is completed exactly when its movement commits. Refusals release the key
 * (the row is deleted): only movements are replayed.
 */
export const idempotencyKeys = loyalty.table(
  "idempotency_keys",
  {
    partnerId: integer("partner_id")
      .notNull()
      .references(() => partners.id, { onDelete: "cascade" }),
    key: varchar("key", { length: 255 }).notNull(),
    /** The operation first called with the key (its kebab-case name), for support. */
    operation: varchar("operation", { length: 40 }).notNull(),
    /** SHA-256 of the operation, path, member and parsed body: a reuse with anything else is refused. */
    requestFingerprint: char("request_fingerprint", { length: 64 }).notNull(),
    /** Whoever holds this token holds the key; null once the movement is recorded. */
    leaseToken: char("lease_token", { length: 32 }),
    /** A claim not completed by then may be taken over (its holder is presumed dead). */
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    /** The journal entry the key's request made; set with the movement, in one statement. */
    transactionId: bigint("transaction_id", { mode: "bigint" })
      .unique()
      .references(() => transactions.id),
    createdAt: createdAt(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.partnerId, t.key] }),
    index("idempotency_keys_created_idx").on(t.createdAt),
    check(
      "idempotency_keys_claimed_or_completed",
      sql`(${t.transactionId} is null and ${t.leaseToken} is not null and ${t.lockedUntil} is not null) or (${t.transactionId} is not null and ${t.completedAt} is not null)`,
    ),
  ],
);

/** Fixed-window request counters, shared by every instance (USAGE_RATE_EXCEEDED). */
export const rateLimitWindows = loyalty.table(
  "rate_limit_windows",
  {
    bucket: varchar("bucket", { length: 100 }).notNull(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    requests: integer("requests").notNull().default(0),
    /** When the window is over and its row may be purged. */
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.bucket, t.windowStart] })],
);

/**
 * The partner's request log: one row per partner operation answered, for the
 * partner's own support (the developer console) and ours. Never a token or a
 * key: the path keeps only the query parameters that cannot be secret. Rows
 * are written in batches (server/loyalty/request-log) and purged after 7 days.
 */
export const requestLog = loyalty.table(
  "request_log",
  {
    id: bigint("id", { mode: "bigint" }).primaryKey().generatedAlwaysAsIdentity(),
    partnerId: integer("partner_id")
      .notNull()
      .references(() => partners.id, { onDelete: "cascade" }),
    /** The api_key's environment: a staging key reads only staging rows. */
    environment: varchar("environment", { length: 10 }).notNull().$type<"staging" | "live">(),
    /** The `X-Request-Id` of the answer (a UUID), the reference every error gives. */
    requestId: uuid("request_id").notNull(),
    /** The operation's kebab-case name, e.g. `debit-currency`; `unknown-path` for paths no operation serves. */
    operation: varchar("operation", { length: 40 }).notNull(),
    method: varchar("method", { length: 10 }).notNull(),
    /** Path and the query parameters that are kept (never api_key). */
    path: varchar("path", { length: 600 }).notNull(),
    status: smallint("status").notNull(),
    /** The error's `code` and its first child's, when the answer was an error. */
    errorCode: varchar("error_code", { length: 60 }),
    childErrorCode: varchar("child_error_code", { length: 60 }),
    durationMs: real("duration_ms").notNull(),
    /** When the request arrived. */
    requestedAt: timestamp("requested_at", { withTimezone: true }).notNull(),
    /**
     * Staging keys only: the JSON request and answer bodies with secrets and
     * personal data redacted (lib/developers/redact-body.ts), for the
     * developer console; never recorded for live keys.
     */
    requestBody: jsonb("request_body"),
    responseBody: jsonb("response_body"),
    /** The `X-Sandbox-Scenario` the answer was forced by, if any. */
    scenario: varchar("scenario", { length: 60 }),
    /**
     * Staging keys only: the request headers a replay needs
     * (lib/developers/logged-request.ts), Authorization as its scheme alone.
     */
    requestHeaders: jsonb("request_headers"),
  },
  (t) => [
    index("request_log_partner_time_idx").on(t.partnerId, t.requestedAt),
    index("request_log_request_id_idx").on(t.requestId),
  ],
);

export type Partner = typeof partners.$inferSelect;
export type Programme = typeof programmes.$inferSelect;
export type ServiceRulesRow = typeof serviceRules.$inferSelect;
export type Member = typeof members.$inferSelect;
export type Account = typeof accounts.$inferSelect;
export type Transaction = typeof transactions.$inferSelect;
export type NewTransaction = typeof transactions.$inferInsert;
export type OAuthClient = typeof oauthClients.$inferSelect;
export type SecurityProfile = typeof securityProfiles.$inferSelect;
export type AuthorisationCode = typeof authorisationCodes.$inferSelect;
export type Token = typeof tokens.$inferSelect;
export type MembershipChange = typeof membershipChanges.$inferSelect;
export type IdempotencyKey = typeof idempotencyKeys.$inferSelect;
export type RequestLogRow = typeof requestLog.$inferSelect;

// ---------------------------------------------------------------- developer console

/**
 * A prospective partner's developer: signs in to /developers with an email
 * and an argon2id password, and owns one sandbox partner.
 */
export const developerAccounts = loyalty.table("developer_accounts", {
  id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
  /** Lower case; unique. */
  email: varchar("email", { length: 254 }).notNull().unique(),
  passwordHash: text("password_hash").notNull(),
  partnerId: integer("partner_id")
    .notNull()
    .references(() => partners.id, { onDelete: "cascade" }),
  createdAt: createdAt(),
  /** The last sign-in: with the sandbox keys' last use, what keeps an idle sandbox from expiring. */
  lastSignedInAt: timestamp("last_signed_in_at", { withTimezone: true }),
});

/** Signed-in developers: the cookie holds a random id, the table its SHA-256. */
export const developerSessions = loyalty.table(
  "developer_sessions",
  {
    idHash: char("id_hash", { length: 64 }).primaryKey(),
    accountId: integer("account_id")
      .notNull()
      .references(() => developerAccounts.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("developer_sessions_expires_idx").on(t.expiresAt)],
);

/**
 * Failed developer sign-ins per email AND client address (an IPv4 address
 * or IPv6 /64), with the member login's lockout rules: guesses from one
 * address lock the email from that address only.
 */
export const developerLoginThrottles = loyalty.table(
  "developer_login_throttles",
  {
    email: varchar("email", { length: 254 }).notNull(),
    clientKey: varchar("client_key", { length: 100 }).notNull(),
    failedAttempts: integer("failed_attempts").notNull().default(0),
    firstFailedAt: timestamp("first_failed_at", { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.email, t.clientKey] })],
);

export type DeveloperAccount = typeof developerAccounts.$inferSelect;

// ---------------------------------------------------------------- partner events (webhooks)

/**
 * A partner's webhook endpoint: where its events are posted, signed with a
 * Standard Webhooks `whsec_` secret. After a roll the previous secret keeps
 * signing too (a second signature) until `previous_secret_expires_at`.
 */
export const webhookEndpoints = loyalty.table(
  "webhook_endpoints",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    partnerId: integer("partner_id")
      .notNull()
      .references(() => partners.id, { onDelete: "cascade" }),
    url: varchar("url", { length: 2000 }).notNull(),
    /** The event types posted here (lib/events/event-types.ts). */
    eventTypes: text("event_types").array().notNull(),
    secret: text("secret").notNull(),
    previousSecret: text("previous_secret"),
    previousSecretExpiresAt: timestamp("previous_secret_expires_at", { withTimezone: true }),
    enabled: boolean("enabled").notNull().default(true),
    /** Why the endpoint was turned off, in the developer's words (e.g. "It answered 410 Gone"). */
    disabledReason: varchar("disabled_reason", { length: 200 }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("webhook_endpoints_partner_idx").on(t.partnerId)],
);

/**
 * The outbox: one row per event, written by the statement or transaction
 * that makes the change (never for a change rolled back). Its id is the
 * `webhook-id` every delivery of it carries: the receiver's idempotency key.
 */
export const webhookEvents = loyalty.table(
  "webhook_events",
  {
    id: varchar("id", { length: 40 })
      .primaryKey()
      .default(sql`'evt_' || replace(gen_random_uuid()::text, '-', '')`),
    /** The partner the event is for. */
    partnerId: integer("partner_id")
      .notNull()
      .references(() => partners.id, { onDelete: "cascade" }),
    type: varchar("type", { length: 60 }).notNull(),
    data: jsonb("data").notNull(),
    /** A "send a test event" from the console: made-up data, no change behind it. */
    test: boolean("test").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index("webhook_events_partner_time_idx").on(t.partnerId, t.createdAt),
    // The retention's purge reads old events across partners.
    index("webhook_events_created_idx").on(t.createdAt),
  ],
);

export const webhookDeliveryStates = ["pending", "delivered", "failed"] as const;
export type WebhookDeliveryState = (typeof webhookDeliveryStates)[number];

/**
 * One event for one endpoint (made by a trigger on webhook_events for every
 * enabled endpoint wanting its type, or by a replay). The worker claims due
 * rows with FOR UPDATE SKIP LOCKED and a lease, posts after the commit.
 */
export const webhookDeliveries = loyalty.table(
  "webhook_deliveries",
  {
    id: bigint("id", { mode: "bigint" }).primaryKey().generatedAlwaysAsIdentity(),
    eventId: varchar("event_id", { length: 40 })
      .notNull()
      .references(() => webhookEvents.id, { onDelete: "cascade" }),
    endpointId: integer("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    state: varchar("state", { length: 20 }).notNull().default("pending").$type<WebhookDeliveryState>(),
    /** Attempts since the delivery was last (re)queued: the retry schedule's position. */
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    leaseToken: uuid("lease_token"),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("webhook_deliveries_event_endpoint_uq").on(t.eventId, t.endpointId),
    index("webhook_deliveries_due_idx")
      .on(t.nextAttemptAt)
      .where(sql`state = 'pending'`),
  ],
);

/** Every attempt of a delivery, as the delivery log shows it. */
export const webhookAttempts = loyalty.table(
  "webhook_attempts",
  {
    id: bigint("id", { mode: "bigint" }).primaryKey().generatedAlwaysAsIdentity(),
    deliveryId: bigint("delivery_id", { mode: "bigint" })
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: "cascade" }),
    attemptedAt: timestamp("attempted_at", { withTimezone: true }).notNull(),
    /** The HTTP status answered; null when no answer came (timeout, refused address, network error). */
    statusCode: smallint("status_code"),
    latencyMs: integer("latency_ms").notNull(),
    /** The first characters of the answer's body, or why there was none. */
    responseExcerpt: varchar("response_excerpt", { length: 500 }),
  },
  (t) => [
    index("webhook_attempts_delivery_idx").on(t.deliveryId, t.attemptedAt),
    // The retention's purge reads old attempts whatever their delivery.
    index("webhook_attempts_time_idx").on(t.attemptedAt),
  ],
);

/** What the sandbox's built-in receiver got, with the outcome of verifying its signature. */
export const webhookReceipts = loyalty.table(
  "webhook_receipts",
  {
    id: bigint("id", { mode: "bigint" }).primaryKey().generatedAlwaysAsIdentity(),
    partnerId: integer("partner_id")
      .notNull()
      .references(() => partners.id, { onDelete: "cascade" }),
    webhookId: varchar("webhook_id", { length: 100 }),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
    /** True when a secret of the partner's endpoint pointing here verified it (standardwebhooks). */
    signatureValid: boolean("signature_valid").notNull(),
    /** Why verification failed, in the developer's words. */
    verificationError: varchar("verification_error", { length: 200 }),
    eventType: varchar("event_type", { length: 60 }),
    body: text("body").notNull(),
  },
  (t) => [index("webhook_receipts_partner_time_idx").on(t.partnerId, t.receivedAt)],
);

export type WebhookEndpoint = typeof webhookEndpoints.$inferSelect;
export type WebhookEvent = typeof webhookEvents.$inferSelect;
export type WebhookDelivery = typeof webhookDeliveries.$inferSelect;
