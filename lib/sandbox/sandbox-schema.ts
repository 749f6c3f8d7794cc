import { z } from "zod";
import { registeredIdentifierTypes } from "@/lib/contract/register-account";
import { demoShopSchema } from "./demo-shop-schema";

/**
 * The public sandbox (sandbox.json at the project root): the exact data a
 * fresh database is seeded with. The loyalty service seeds its schema from it
 * (server/loyalty/sandbox); the portal may validate the file here too (its
 * shop, `demoShop`) without importing the service's code.
 */

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

const programmeSchema = z.object({
  identifier: z.string().regex(/^[A-Z]{1,20}$/),
  name: z.string(),
  role: z.enum(["primary", "further", "other"]),
  countries: z.array(z.string().length(2)),
  partner: z.object({ identifier: z.string(), organisationName: z.string() }).nullable(),
});

const pricingSchema = z.object({
  baseCurrency: z.string().length(3),
  preferredCurrencies: z.array(z.string().length(3)),
  products: z.array(z.string()),
  pricePoints: z.array(z.object({ percentage: z.number(), weight: z.number() })),
  minimumPoints: z.number().int(),
  maximumCashCap: z.number().nullable(),
  valuePerPoint: z.object({ amount: z.number(), currency: z.string().length(3) }),
  adjustAndRecalculate: z.boolean(),
  exchangeRatesToGBP: z.record(z.string(), z.number()),
});

const partnerSchema = z.object({
  name: z.string(),
  status: z.enum(["ACTIVE", "INACTIVE"]),
  partnerIdentifier: z.string(),
  apiKeys: z.object({ staging: z.string().length(24), live: z.string().length(24).optional() }),
  oauthClient: z.object({ clientId: z.string(), password: z.string(), redirectUris: z.array(z.string()) }).optional(),
  furtherProgrammes: z
    .object({
      clientId: z.string(),
      businessContextIdentifier: z.string(),
      partnerSecret: z.string(),
      redirectUris: z.record(z.string(), z.string()),
    })
    .optional(),
  programmes: z.array(z.string()),
  externalSource: z.string().optional(),
  pricing: pricingSchema.optional(),
});

/** A document the programme holds on file (P7 checks a registration against it). */
export const onFileIdentifierSchema = z.object({
  identifier: z.string().regex(/^[A-Za-z0-9]{1,24}$/),
  type: z.enum(registeredIdentifierTypes),
});

const memberSchema = z.object({
  membershipNumber: z.string().regex(/^\d{16,24}$/),
  programme: z.string(),
  status: z.enum(["ACTIVE", "INACTIVE", "BLOCKED", "FRAUD", "CANCELLED", "DECEASED", "GROUP"]),
  accountType: z.enum(["INDIVIDUAL", "HOUSEHOLD"]),
  balance: z.number().int().nonnegative(),
  username: z.string().nullable(),
  passwordExpired: z.boolean().optional(),
  firstName: z.string(),
  familyName: z.string(),
  country: z.string().length(2),
  joinDate: isoDate,
  title: z.string().nullable().optional(),
  dateOfBirth: isoDate.nullable().optional(),
  /** The postcode on file: alphanumeric, at most 8, no spaces (P7's postcode rule). */
  postCode: z
    .string()
    .regex(/^[A-Z0-9]{1,8}$/)
    .optional(),
  registeredIdentifier: onFileIdentifierSchema.optional(),
  notes: z.string().optional(),
});

export const sandboxSchema = z.object({
  about: z.string().optional(),
  origin: z.url(),
  urls: z.object({ base_url: z.string(), auth_url: z.string(), partner_auth_url: z.string() }),
  svcClientApplicationName: z.string().regex(/^[A-Za-z0-9]{1,50}$/),
  membershipNumberPrefix: z.string(),
  programmes: z.array(programmeSchema),
  operationProgrammes: z.object({
    retrieveTransactionsPrimaryVariant: z.array(z.string()),
    retrieveTransactionsOtherVariant: z.array(z.string()),
    credit: z.array(z.string()),
    debitPartnerMustBeAssociatedWith: z.string(),
    reverse: z.array(z.string()),
  }),
  reversalWindowHours: z.number().int().positive(),
  authorisationCodeSeconds: z.number().int().positive(),
  partners: z.array(partnerSchema),
  password: z.string(),
  members: z.array(memberSchema),
  staff: z.array(
    z.object({ username: z.string(), password: z.string(), role: z.enum(["AGENT", "ADMIN"]), partner: z.string() }),
  ),
  /** Developer console accounts (/developers/login) of seeded partners. */
  developers: z
    .array(z.object({ email: z.email(), password: z.string(), partner: z.string(), notes: z.string().optional() }))
    .default([]),
  paymentTestCards: z.array(z.object({ number: z.string(), outcome: z.string(), notes: z.string().optional() })),
  demoShop: demoShopSchema,
});

export type Sandbox = z.infer<typeof sandboxSchema>;
export type SandboxMember = Sandbox["members"][number];
export type SandboxPartner = Sandbox["partners"][number];
export type SandboxProgramme = Sandbox["programmes"][number];
export type { DemoShop, ShopComponent, ShopFlight, ShopLeg, ShopPrice, ShopProduct } from "./demo-shop-schema";
