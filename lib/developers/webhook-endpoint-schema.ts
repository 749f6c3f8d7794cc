import { z } from "zod";
import { eventTypes } from "@/lib/contract/webhook-events";

/**
 * An endpoint as the console's form sends it: an http(s) URL without
 * credentials, and at least one event type. Where the URL may point is the
 * server's decision (server/loyalty/events/delivery-address-policy.ts).
 */
export const webhookEndpointSchema = z.object({
  url: z
    .string()
    .trim()
    .min(1, "Enter the address that should receive events.")
    .max(2000, "Use an address of at most 2,000 characters.")
    .refine((value) => {
      if (!URL.canParse(value)) return false;
      const url = new URL(value);
      return (url.protocol === "https:" || url.protocol === "http:") && !url.username && !url.password && !url.hash;
    }, "Enter a full http:// or https:// address, without a user name, password or #fragment."),
  eventTypes: z
    .array(z.enum(eventTypes, { error: "Choose event types from the list." }))
    .min(1, "Choose at least one event type."),
});

export type WebhookEndpointInput = z.infer<typeof webhookEndpointSchema>;
