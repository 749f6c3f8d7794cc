"use server";

import "server-only";
import { redirect } from "next/navigation";
import { z } from "zod";
import { registerAccountRequestSchema, registrationPathSchema } from "@/lib/contract/register-account";
import { refusal } from "@/lib/actions/action-result";
import { fieldErrorsOf } from "@/lib/forms/field-errors";
import { customerIp } from "@/server/portal/customer-ip";
import { loyaltyService } from "@/server/portal/loyalty-service";
import { memberAction } from "@/server/portal/member-action";
import { rateLimitRules } from "@/server/portal/rate-limit/rate-limit-rule";
import { registrationRefusal } from "./registration-refusal";
import { serviceUnavailableMessage } from "./service-refusal";

const submissionSchema = z.object({ membershipNumber: z.string().max(64), body: z.unknown() });

/**
 * The registration form's server action. The input is untrusted (anyone can
 * post to an action), so it is checked against the same contract the form
 * used before one byte goes to the service; a registration the service
 * accepts leads to the success page. Every submission counts against the
 * client's limit, since each one can test a postcode or a date of birth
 * against a membership.
 */
export const registerAccount = memberAction<typeof submissionSchema, undefined>(
  {
    name: "register-account",
    session: "none",
    input: submissionSchema,
    rateLimit: {
      rule: () => rateLimitRules().register,
      message: (wait) => `Too many registrations were sent from your network. Please try again in ${wait}.`,
    },
    refusals: {
      invalid: { message: "The registration could not be read. Reload the page and try again." },
      unavailable: { message: serviceUnavailableMessage },
    },
  },
  async ({ input }) => {
    // The path and the body are checked apart, so field errors keep the body's own paths.
    const path = registrationPathSchema.safeParse({ membershipIdentifier: input.membershipNumber });
    const body = registerAccountRequestSchema().safeParse(input.body);
    if (!path.success || !body.success) {
      return refusal("invalid", "Some details need correcting.", {
        fieldErrors: fieldErrorsOf([...(path.error?.issues ?? []), ...(body.error?.issues ?? [])]),
      });
    }
    try {
      await loyaltyService().registerAccount(path.data.membershipIdentifier, body.data, {
        customerIp: await customerIp(),
      });
    } catch (error) {
      return registrationRefusal(error);
    }
    // Outside the try: redirect() works by throwing (the action builder lets it through).
    redirect("/register/complete");
  },
);
