// The invest page's query parameters (spec part 2: type USD or Units, and amount), validated with valibot: an
// unknown type reads as USD and an amount that is not a number as the default 100.00.
// Offering links (sync/database/allocations/10_allocations.sql) point here with the allocation id as the offering id.
import * as v from "valibot";
import { DEFAULT_INVEST_AMOUNT } from "./capital.ts";

export const InvestSearchSchema = v.object({
  type: v.fallback(v.optional(v.picklist(["USD", "Units"]), "USD"), "USD"),
  amount: v.fallback(
    v.optional(
      v.pipe(
        v.union([v.string(), v.number()]),
        v.transform(String),
        v.check((text) => /^\d[\d,]*(\.\d+)?$/.test(text.trim()), "not a number"),
      ),
      DEFAULT_INVEST_AMOUNT,
    ),
    DEFAULT_INVEST_AMOUNT,
  ),
  /** The offering link the investor came through (makeAllocationOfferingLink), kept as it came. */
  link: v.optional(v.string()),
});

export type InvestSearch = v.InferOutput<typeof InvestSearchSchema>;
