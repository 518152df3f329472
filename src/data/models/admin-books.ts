// The admin console's books (a kind of `records`; server: sync/database/admin/20_replica.sql, docs/ADMIN.md
// "Offline"): six documents replicated to platform admins only, each the answer of an admin function: `figures`
// (platformFigures), `types` (referenceTypes) and the reports `accounts`, `commands`, `mail` and `sync`
// (platformReport rows). The admin home, Types and Reports read them offline.
import type { ExtractDocumentTypeFromTypedRxJsonSchema } from "rxdb";
import { keyword, kindSchema } from "./fields.ts";

export const platformBookSchema = kindSchema({
  title: "platform_books",
  description: "One of the platform's books for admins: figures, types or a report (data as the server made it).",
  version: 0,
  properties: {
    name: keyword,
    data: { type: ["object", "array", "null"] },
  },
  required: ["name"],
});

export type PlatformBookDoc = ExtractDocumentTypeFromTypedRxJsonSchema<typeof platformBookSchema>;
