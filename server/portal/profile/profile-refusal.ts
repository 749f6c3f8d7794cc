import "server-only";
import { refusal, type ActionRefusal } from "@/lib/actions/action-result";
import { LoyaltyApiError } from "@/lib/loyalty-client/errors";
import { childFieldErrors, outageRefusal } from "@/server/portal/register/service-refusal";

/** The service's wording is for partners; where a code says more to the member, this says it. */
const childMessages: Readonly<Record<string, string>> = {
  PHONE_NUMBER_INVALID: "The country code must be that of your country of residence.",
  POSTAL_ADDRESS_INVALID: "Check the postcode: it is not one of your country of residence.",
};

/** Turns a failed P8 call into what the profile form shows. */
export function profileRefusal(error: unknown): ActionRefusal {
  const outage = outageRefusal(error, "update-membership");
  if (outage) return outage;
  if (!(error instanceof LoyaltyApiError))
    return refusal("failed", "Your changes could not be saved. Please try again.");

  const fieldErrors = childFieldErrors(error, childMessages);
  if (error.code === "DETAILS_ALREADY_EXIST") {
    return refusal(
      "refused",
      "Title, date of birth and country of residence can be added once but not changed. Reload the page to see what is stored.",
      { fieldErrors },
    );
  }
  return refusal("invalid", "Some details need correcting.", { fieldErrors });
}
