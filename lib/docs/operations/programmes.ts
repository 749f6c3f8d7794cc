import { z } from "zod";
import { operationNames } from "@/lib/contract/operation-names";
import {
  programmeListResponseSchema,
  programmeResponseSchema,
  programmesQuerySchema,
  retrieveProgrammeVersions,
  type ProgrammeListResponse,
  type ProgrammeResponse,
} from "@/lib/contract/retrieve-programme";
import sandbox from "@/sandbox.json";
import { sandboxOrigin } from "@/lib/docs/sandbox-values";
import { programmeIdentifier } from "./parameters";
import type { DocumentedOperation } from "./types";

type SandboxProgramme = (typeof sandbox.programmes)[number];

function listed(programme: SandboxProgramme): ProgrammeListResponse["programmes"][number] {
  return {
    identifier: programme.identifier,
    name: programme.name,
    ...(programme.partner
      ? {
          programmePartner: {
            organisation: {
              identifier: programme.partner.identifier,
              organisationName: programme.partner.organisationName,
            },
          },
        }
      : {}),
  };
}

const inSpain = sandbox.programmes.filter((programme) => programme.countries.includes("ES"));
const northstar = listed(sandbox.programmes[0]!);
const single: ProgrammeResponse = {
  name: northstar.name!,
  programmePartner: northstar.programmePartner,
  _links: { self: { href: `${sandboxOrigin}/api/v1/programmes/NORTHSTAR?api_key=...` } },
};

export const retrieveProgrammeList: DocumentedOperation = {
  id: "retrieveProgrammeList",
  spec: "P1",
  summary: operationNames.retrieveProgrammeList.name,
  description:
    "All programmes, the programmes of a country (`location-identifier`), or the programmes a membership belongs to (`membership-identifier`). Send at most one of the two. A country or membership with no programme answers `size: 0` and one empty item.",
  tag: "Programmes",
  method: "get",
  versions: retrieveProgrammeVersions,
  path: "/programmes",
  testPath: true,
  errorShape: "flat",
  token: "none",
  headers: [{ name: "X-Forwarded-For", required: false }],
  query: z.object({
    "location-identifier": programmesQuerySchema.shape.locationIdentifier.meta({
      description: "A two-letter country code (any case; not checked against ISO 3166).",
      example: "ES",
    }),
    "membership-identifier": programmesQuerySchema.shape.membershipIdentifier.meta({
      description: "A membership number, 16 to 24 digits.",
    }),
  }),
  success: {
    status: 200,
    description: "The programmes found.",
    schema: programmeListResponseSchema,
    examples: {
      country: {
        summary: "Programmes of Spain (location-identifier=ES)",
        value: {
          size: inSpain.length,
          programmes: inSpain.map(listed),
          _links: { self: { href: `${sandboxOrigin}/api/v1/programmes?location-identifier=ES&api_key=...` } },
        } satisfies ProgrammeListResponse,
      },
      none: {
        summary: "A country with no programme",
        value: {
          size: 0,
          programmes: [{}],
          _links: { self: { href: `${sandboxOrigin}/api/v1/programmes?location-identifier=FR&api_key=...` } },
        } satisfies ProgrammeListResponse,
      },
    },
  },
};

export const retrieveProgramme: DocumentedOperation = {
  id: "retrieveProgramme",
  spec: "P1",
  summary: operationNames.retrieveProgramme.name,
  description: "One programme by its code. A code of letters that names no programme answers PROGRAMME_NOT_FOUND.",
  tag: "Programmes",
  method: "get",
  versions: retrieveProgrammeVersions,
  path: "/programmes/{programme-identifier}",
  testPath: true,
  errorShape: "flat",
  token: "none",
  headers: [{ name: "X-Forwarded-For", required: false }],
  pathParameters: z.object({ "programme-identifier": programmeIdentifier }),
  success: {
    status: 200,
    description: "The programme.",
    schema: programmeResponseSchema,
    examples: { northstar: { summary: "NORTHSTAR", value: single } },
  },
};
