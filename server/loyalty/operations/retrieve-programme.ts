import "server-only";
import {
  programmePathSchema,
  programmesQuerySchema,
  retrieveProgrammeVersions,
  type ProgrammeListResponse,
  type ProgrammeResponse,
} from "@/lib/contract/retrieve-programme";
import type { Programme } from "@/server/loyalty/programmes/programme-tables";
import { partnerOperation } from "@/server/loyalty/http/partner-operation";
import { ServiceError } from "@/server/loyalty/http/service-error";
import { validateInput } from "@/server/loyalty/http/validate-input";
import { findProgramme } from "@/server/loyalty/programmes/find-programme";
import { listProgrammes, listProgrammesByCountry } from "@/server/loyalty/programmes/list-programmes";
import { listProgrammesOfMembership } from "@/server/loyalty/programmes/list-programmes-of-membership";

const common = {
  name: "retrieve-programme",
  method: "GET",
  versions: retrieveProgrammeVersions,
  errorShape: "flat",
  errors: { methodNotAllowed: "METHOD_NOT_SUPPORTED" },
} as const;

function programmePartner(programme: Programme): Pick<ProgrammeResponse, "programmePartner"> {
  if (!programme.organisationIdentifier || !programme.organisationName) return {};
  return {
    programmePartner: {
      organisation: { identifier: programme.organisationIdentifier, organisationName: programme.organisationName },
    },
  };
}

/** `GET /{version}/programmes/{programme-identifier}`: one programme. */
export const retrieveProgrammeByIdentifier = partnerOperation({
  ...common,
  async handle({ db, params, request }) {
    const { programmeIdentifier } = validateInput(programmePathSchema, params, { invalid: "DATA_INVALID" });
    const programme = await findProgramme(db, programmeIdentifier);
    if (!programme) {
      throw new ServiceError("PROGRAMME_NOT_FOUND", {
        children: [{ path: "programmeIdentifier", developerMessage: `No programme '${programmeIdentifier}'.` }],
      });
    }
    const body: ProgrammeResponse = {
      name: programme.name,
      ...programmePartner(programme),
      _links: { self: { href: request.url } },
    };
    return { status: 200, body };
  },
});

/** A repeated parameter is kept as an array, which the contract refuses. */
function queryValue(searchParams: URLSearchParams, name: string): string | string[] | undefined {
  const values = searchParams.getAll(name);
  return values.length > 1 ? values : values[0];
}

/** `GET /{version}/programmes`: all programmes, or those of a country or of a membership. */
export const retrieveProgrammeList = partnerOperation({
  ...common,
  async handle({ db, url, request }) {
    const query = validateInput(
      programmesQuerySchema,
      {
        locationIdentifier: queryValue(url.searchParams, "location-identifier"),
        membershipIdentifier: queryValue(url.searchParams, "membership-identifier"),
      },
      { invalid: "DATA_INVALID" },
    );

    let found: Programme[];
    if (query.membershipIdentifier !== undefined) {
      const membership = await listProgrammesOfMembership(db, query.membershipIdentifier);
      if (membership?.accountStatus === "FRAUD") {
        throw new ServiceError("MEMBERSHIP_IDENTIFIER_INVALID", {
          children: [{ path: "membershipIdentifier", developerMessage: "This membership cannot be used." }],
        });
      }
      found = membership?.programmes ?? [];
    } else if (query.locationIdentifier !== undefined) {
      found = await listProgrammesByCountry(db, query.locationIdentifier);
    } else {
      found = await listProgrammes(db);
    }

    const body: ProgrammeListResponse = {
      size: found.length,
      // The list holds at least one item; with no programme it is one empty item.
      programmes:
        found.length === 0
          ? [{}]
          : found.map((programme) => ({
              identifier: programme.identifier,
              name: programme.name,
              ...programmePartner(programme),
            })),
      _links: { self: { href: request.url } },
    };
    return { status: 200, body };
  },
});
