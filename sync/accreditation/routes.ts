// The accreditation routes (docs/ACCREDITATION.md): an evidence file's download.
import type { Database } from "../db/database.ts";
import type { Route } from "../http/routes.ts";
import type { FileStorage } from "../storage/index.ts";
import { ACCREDITATIONS_PREFIX, handleEvidenceDownload } from "./evidence.ts";

export function accreditationRoutes(options: { db: Database; storage: FileStorage }): Route[] {
  const { db, storage } = options;
  return [
    {
      method: "GET",
      answersOtherMethods: true,
      path: `${ACCREDITATIONS_PREFIX}*`,
      access: "optional",
      doc: "`{id}/evidence/{key}`: an accreditation's evidence file, to the members of the investor's and the reviewer's accounts, 404 to anyone else; HEAD too, else 405",
      handle: (req, res, { path, session }) => handleEvidenceDownload(req, res, path, { db, session, storage }),
    },
  ];
}
