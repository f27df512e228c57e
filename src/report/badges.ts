// The four values and the four statuses as a report shows them: one emoji and the word, the same in
// every table and heading of the check run and the job summary.
import type { Status, Value } from "../verdict/four-values.js";

export const BADGE: Readonly<Record<Status, string>> = {
  approve: "✅ approve",
  blocked: "❌ blocked",
  "hold-for-human": "✋ hold-for-human",
  "conditional-on": "⏳ conditional-on",
};

export const VALUE_BADGE: Readonly<Record<Value, string>> = {
  YES: "✅ YES",
  NO: "❌ NO",
  MAYBE: "✋ MAYBE",
  IFF: "⏳ IFF",
};
