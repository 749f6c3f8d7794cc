"use server";

import "server-only";
import { redirect } from "next/navigation";
import { z } from "zod";
import { messagesByPath } from "@/lib/portal/forms/contract-path";
import type { SubmitResult } from "@/lib/portal/forms/submit-result";
import { registerAccountRequestSchema, registrationPathSchema } from "@/lib/contract/register-account";
import { loyaltyService } from "@/server/portal/loyalty-service";
import { customerIp } from "@/server/portal/customer-ip";
import { hitClientRateLimit, waitInWords } from "@/server/portal/rate-limit/client-rate-limit";
import { rateLimitRules } from "@/server/portal/rate-limit/rate-limit-rule";
import { registrationRefusal } from "./registration-refusal";

const submissionSchema = z.object({ membershipNumber: z.string().max(64), body: z.unknown() });

/**
 * The registration form's server action. Next.js refuses a server action
 * whose Origin is not this site's, which is the CSRF protection. The input
 * is untrusted (anyone can post to an action), so it is checked against the
 * same contract the form used before one byte goes to the service; a
 * registration the service accepts leads to the success page. Every
 * submission counts against the client's limit, since each one can test a
 * postcode or a date of birth against a membership.
 */
export async function registerAccount(submission: unknown): Promise<SubmitResult> {
  const limit = await hitClientRateLimit(rateLimitRules().register);
  if (!limit.allowed) {
    return {
      formError: `Too many registrations were sent from your network. Please try again in ${waitInWords(limit.retryAfterSeconds)}.`,
    };
  }
  const parsed = submissionSchema.safeParse(submission);
  if (!parsed.success) return { formError: "The registration could not be read. Reload the page and try again." };

  const path = registrationPathSchema.safeParse({ membershipIdentifier: parsed.data.membershipNumber });
  const body = registerAccountRequestSchema().safeParse(parsed.data.body);
  if (!path.success || !body.success) {
    return {
      formError: "Some details need correcting.",
      fieldErrors: messagesByPath([...(path.error?.issues ?? []), ...(body.error?.issues ?? [])]),
    };
  }

  try {
    await loyaltyService().registerAccount(path.data.membershipIdentifier, body.data, {
      customerIp: await customerIp(),
    });
  } catch (error) {
    return registrationRefusal(error);
  }
  // Outside the try: redirect() works by throwing.
  redirect("/register/complete");
}
