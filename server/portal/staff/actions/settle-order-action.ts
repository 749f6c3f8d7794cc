"use server";

import "server-only";
import { revalidatePath } from "next/cache";
import { settleOrderSchema } from "@/lib/portal/staff/staff-forms";
import { releaseOrder } from "@/server/portal/checkout/order-store";
import { leaseAttentionOrder, settleAttentionOrder } from "../settle-attention-order";
import { reasonCodeLabels } from "../find-reason-codes";
import { staffAction } from "../staff-action";

/**
 * ADMIN: settles an order the saga could not settle by itself, with a
 * reason: the order's new state, its timeline entry and the audit row in
 * one transaction (the change is the portal's own).
 */
export const settleOrderAction = staffAction(
  { action: "order.settled", permission: "order.settle", input: settleOrderSchema, reasonRequired: true },
  async ({ input, staff, reason, reasonCode, db, local }) => {
    const now = new Date();
    // The timeline says why in words: the free text, else the code's label.
    const because = reason ?? (await reasonCodeLabels(db))[reasonCode!] ?? reasonCode!;
    const settlement = { ...input, username: staff.username, reason: because };
    const leased = await leaseAttentionOrder(db, settlement, now);
    let settled;
    try {
      settled = await local((tx) => settleAttentionOrder(tx, leased, settlement, now));
    } catch (error) {
      // Nothing was settled: the order is free again at once, not when the lease lapses.
      await releaseOrder(db, leased.order.id, leased.leaseToken, now);
      throw error;
    }
    revalidatePath(`/staff/members/${input.membershipNumber}`, "layout");
    revalidatePath("/staff/attention");
    return settled;
  },
);
